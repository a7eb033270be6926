#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates `directory` and its parents, when they do not exist yet.
func makeDirectory(_ directory: String) {
  var path = directory.hasPrefix("/") ? "/" : ""
  for component in directory.split(separator: "/") {
    path += component + "/"
    mkdir(path, 0o755)
  }
}

/// Writes `text` to `path`, or fails the run.
func writeTextFile(_ path: String, _ text: String) {
  guard let file = fopen(path, "w") else { fail("cannot write \(path)") }
  defer { fclose(file) }
  fputs(text, file)
}
