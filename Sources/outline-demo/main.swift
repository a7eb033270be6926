// outline-demo: swift-outline's interactive terminal demo.
// Everything but the terminal is in OutlineDemoKit; see Docs/Demo.md.
import OutlineDemoKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
switch DemoLaunch.decide(
  arguments: arguments, stdinIsTerminal: isatty(STDIN_FILENO) == 1, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
{
case .help(let text):
  print(text)
case .failure(let message):
  StandardError.write(message + "\n")
  exit(2)
case .printed(let text):
  print(text, terminator: "")
case .interactive(let options):
  exit(runInteractive(options))
}
