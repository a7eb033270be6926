#if OUTLINE_FUZZ
/// In fuzz targets a failed expectation traps, so libFuzzer records the input.
/// (`#file`, as `fatalError` takes.)
func fail(_ message: String, file: StaticString = #file, line: UInt = #line) {
  fatalError(message, file: file, line: line)
}
#else
import XCTest

/// In the test bundle a failed expectation is an XCTest failure.
func fail(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
  XCTFail(message, file: file, line: line)
}
#endif

/// The support code's assertions: shared by the XCTest bundle and the fuzz
/// targets, which compile these files without XCTest.
func expect(_ condition: Bool, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {
  if !condition { fail(message(), file: file, line: line) }
}

func expectEqual<T: Equatable>(
  _ actual: T, _ expected: T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
  if actual != expected { fail("\(actual) is not equal to \(expected) - \(message())", file: file, line: line) }
}
