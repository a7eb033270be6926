// outline-demo: swift-outline's interactive terminal demo.
// Everything but the terminal is in OutlineDemoKit; see Docs/Demo.md.
import OutlineDemoKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
// With `-`, the document comes on standard input and the keys from the terminal.
let keysFromTerminal = isatty(STDIN_FILENO) == 1 || (arguments.contains("-") && access("/dev/tty", R_OK) == 0)
switch DemoLaunch.decide(
  arguments: arguments, stdinIsTerminal: keysFromTerminal, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
{
case .help(let text):
  print(text)
case .failure(let message):
  StandardError.write(message + "\n")
  exit(2)
case .documentFailure(let message):
  StandardError.write(message + "\n")
  exit(1)
case .printed(let text):
  print(text, terminator: "")
case .interactive(let options, let environment):
  exit(runInteractive(options, environment: environment))
}
