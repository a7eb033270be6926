import Foundation

/// Runs a command to its end, its output thrown away, and returns the
/// seconds it took from start to exit (nil when it cannot be started or
/// fails): `du -sb` as a baseline in the same run.
func timeProcess(_ executable: String, _ arguments: [String]) -> Double? {
  guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  let start = now()
  do { try process.run() } catch { return nil }
  process.waitUntilExit()
  let seconds = Double(now() &- start) / 1e9
  return process.terminationStatus == 0 ? seconds : nil
}

/// A command's standard output, or nil when it cannot be run.
func processOutput(_ executable: String, _ arguments: [String]) -> String? {
  guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { return nil }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}
