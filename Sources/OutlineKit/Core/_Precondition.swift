/// Checks a precondition of the public API and traps with `message` when it
/// fails, in every build configuration.
///
/// Swift's `precondition` keeps its check in optimized builds but drops the
/// message ("precondition failure"), so an app's release build would not say
/// which row or which node was wrong. Misuse is a programming error either
/// way; this only makes the trap explain itself, as `Array` does.
@inlinable @inline(__always)
internal func _require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if !_fastPath(condition()) { _failRequirement(message(), file: file, line: line) }
}

@usableFromInline @inline(never)
internal func _failRequirement(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
  fatalError(message, file: file, line: line)
}
