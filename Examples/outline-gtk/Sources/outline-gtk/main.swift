import CGtk
import OutlineGtkSupport

#if canImport(Glibc)
import Glibc
#endif

let options: AppOptions
do {
  options = try AppOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  printError("outline-gtk: \(error)")
  exit(2)
}
if options.help {
  print(AppOptions.usage)
  exit(0)
}

// A directory or file that cannot be read is said before any window opens.
if let path = options.path {
  do {
    _ = try DocumentFile.open(path)
  } catch {
    // A JSON syntax error names the line and column; the path goes first.
    let message = "\(error)"
    printError("outline-gtk: " + (message.contains(path) ? message : "\(path): \(message)"))
    exit(2)
  }
}

let actions: [ScriptAction]?
do {
  actions = try options.script.map(ScriptAction.parse)
} catch {
  printError("outline-gtk: \(error)")
  exit(2)
}

gtk_init()
let app = AppWindow(options: options)
gtk_window_present(app.window.cast(to: GtkWindow.self))
if options.bench {
  #if DEBUG
  if !options.quickBench {
    printError("outline-gtk: --bench times release builds only: swift run -c release outline-gtk --bench (--quick runs in any build)")
    exit(2)
  }
  #endif
  exit(Bench(app: app, options: options).run() ? 0 : 1)
}
if let actions {
  exit(ScriptRunner(app: app, actions: actions).run() ? 0 : 1)
}
while !app.isClosed { g_main_context_iteration(nil, 1) }
