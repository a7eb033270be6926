import OutlineJSON
import OutlineKit

/// Feeds bytes to the JSON reader, as JSON and as JSON Lines. The reader
/// must accept exactly what the reference reader accepts, with the same
/// values, and fail where and why the reference fails (both with a small
/// depth limit, which the reference's recursion needs); with no limit it
/// must accept the same documents. What reads must save, in every style,
/// to text that reads back to the same values, give every node a path and
/// a preview, and take a rename, a value set and a move. `fail` hears of
/// any problem (a trap in the fuzz target, a test failure in the corpus
/// replay). Returns whether the bytes read in either format.
@discardableResult
func runJSONFuzzInput(_ data: [UInt8], fail: (String) -> Void) -> Bool {
  var accepted = false
  for format in [JSONDocument.Format.json, .jsonLines] {
    let jsonLines = format == .jsonLines
    let reference = JSONReadOutcome.reference(data, jsonLines: jsonLines, maximumDepth: 48)
    let fast = JSONReadOutcome.fast(data, jsonLines: jsonLines, maximumDepth: 48)
    if fast != reference { fail("\(format): the reader gave \(fast), the reference \(reference)") }
    guard var document = try? JSONDocument(bytes: data, format: format) else {
      if reference.isValid { fail("\(format): with no depth limit, the reader rejected what the reference accepts") }
      continue
    }
    if case .failure(_, let reason, _, _) = reference {
      // Deeper than the reference goes is fine (there are no values to
      // compare); anything else the reference rejects must not read.
      guard case .tooDeep = reason else {
        fail("\(format): with no depth limit, the reader accepted what the reference rejects: \(reason)")
        continue
      }
    }
    accepted = true
    let values = document.referenceValues
    if case .values(let expected) = reference, values != expected { fail("\(format): the unlimited reader's values differ") }
    for style in [JSONDocument.WritingStyle.pretty, .compact] {
      guard let reread = try? JSONDocument(bytes: document.jsonBytes(style: style), format: format) else {
        fail("\(format): what was saved (\(style)) does not read")
        continue
      }
      if reread.referenceValues != values { fail("\(format): saved (\(style)) and read back, the values differ") }
    }
    // Every node has a path and a preview; the first member takes a
    // rename, the first scalar a new value, the last node a move to the front.
    var all: [JSONDocument.NodeID] = []
    var pending = Array(document.outline.roots.reversed())
    while let id = pending.popLast(), all.count < 5_000 {
      all.append(id)
      pending += document.outline.children(of: id).reversed()
    }
    for id in all {
      if document.path(of: id).isEmpty || document.preview(of: id, maxLength: 12).isEmpty { fail("an empty path or preview") }
    }
    do {
      if let member = all.first(where: document.isMember) { try document.renameKey(of: member, to: "renamed \"key\"") }
      if let scalar = all.first(where: { !document[$0].isContainer }) { try document.setValue(of: scalar, toJSON: "-1.5e3") }
      if let last = all.last, let parent = document.outline.parent(of: last) {
        try document.moveValues([last], under: parent, before: 0)
      }
    } catch {
      fail("\(format): an edit failed: \(error)")
    }
    if let reread = try? JSONDocument(bytes: document.jsonBytes(), format: format) {
      if reread.referenceValues != document.referenceValues { fail("\(format): after edits, saved and read back, the values differ") }
    } else {
      fail("\(format): after edits, what was saved does not read")
    }
  }
  return accepted
}
