#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the numbers were measured on, for the CSV header and the docs.
struct MachineInfo {
  var cpu: String
  var cores: Int
  var memoryGiB: Double
  var os: String
  var compiler: String
  var configuration: String
  /// 1-minute load average when the run started: above ~0.5 on this 2-core
  /// machine, other work was competing with the benchmark.
  var loadAverage: String
  var clockOverheadNanoseconds: Double
  /// One dependent read from memory (a 64 MiB buffer) and from a 1 MiB
  /// buffer, the size of a core's L2 cache here: the floor under the cold
  /// lookups, and about what a level of the index costs while it stays in
  /// the caches.
  var memoryReadNanoseconds: Double
  var cachedReadNanoseconds: Double

  static func current() -> MachineInfo {
    let cpuinfo = readTextFile("/proc/cpuinfo") ?? ""
    let cpu = field("model name", in: cpuinfo, separator: ":") ?? "unknown CPU"
    let meminfo = readTextFile("/proc/meminfo") ?? ""
    let memoryKiB = field("MemTotal", in: meminfo, separator: ":").flatMap { Double($0.filter(\.isNumber)) } ?? 0
    let release = readTextFile("/etc/os-release") ?? ""
    let distribution = field("PRETTY_NAME", in: release, separator: "=")?.filter { $0 != "\"" } ?? "unknown OS"
    let kernel = (readTextFile("/proc/sys/kernel/osrelease") ?? "").filter { !$0.isNewline }
    return MachineInfo(
      cpu: cpu, cores: sysconf(Int32(_SC_NPROCESSORS_ONLN)), memoryGiB: memoryKiB / 1_048_576,
      os: kernel.isEmpty ? distribution : "\(distribution), Linux \(kernel)",
      compiler: compilerVersion, configuration: buildConfiguration, loadAverage: currentLoadAverage(),
      clockOverheadNanoseconds: clockOverhead(),
      memoryReadNanoseconds: dependentReadNanoseconds(megabytes: 64),
      cachedReadNanoseconds: dependentReadNanoseconds(megabytes: 1))
  }

  /// The value after `separator` on the first line that starts with `key`.
  private static func field(_ key: String, in text: String, separator: Character) -> String? {
    for line in text.split(separator: "\n") where line.hasPrefix(key) {
      guard let split = line.firstIndex(of: separator) else { continue }
      return line[line.index(after: split)...].trimmingSpaces()
    }
    return nil
  }

  /// `key: value` lines, in order.
  var lines: [(String, String)] {
    [
      ("cpu", cpu),
      ("cores", String(cores)),
      ("memory", "\(format2(memoryGiB)) GiB"),
      ("os", os),
      ("compiler", compiler),
      ("configuration", configuration),
      ("load average at start", loadAverage),
      ("clock read overhead", "\(format2(clockOverheadNanoseconds)) ns"),
      ("dependent read, 64 MiB", "\(format2(memoryReadNanoseconds)) ns"),
      ("dependent read, 1 MiB", "\(format2(cachedReadNanoseconds)) ns"),
    ]
  }
}

/// The 1-, 5- and 15-minute load averages, as the kernel reports them.
func currentLoadAverage() -> String {
  (readTextFile("/proc/loadavg") ?? "").split(separator: " ").prefix(3).joined(separator: " ")
}

/// The compiler that built this executable. `swift --version` is not
/// available at run time, so the version is bracketed at compile time.
let compilerVersion: String = {
  #if compiler(>=7.0)
  return "Swift compiler >= 7.0"
  #elseif compiler(>=6.3)
  return "Swift compiler 6.3.x"
  #elseif compiler(>=6.2)
  return "Swift compiler 6.2.x"
  #elseif compiler(>=6.1)
  return "Swift compiler 6.1.x"
  #else
  return "Swift compiler 6.0.x"
  #endif
}()

/// main.swift refuses to run a debug build, so this is what remains to say.
let buildConfiguration: String = {
  #if DEBUG
  return "debug"
  #else
  return "release (-O, whole-module), OUTLINE_INTERNAL_CHECKS off"
  #endif
}()

extension Substring {
  func trimmingSpaces() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
