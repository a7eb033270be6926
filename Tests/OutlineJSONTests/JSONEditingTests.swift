import Foundation
import OutlineJSON
import OutlineKit
import XCTest
import OutlineTestSupport

/// Edits of a JSON outline, each checked by saving and reading back.
final class JSONEditingTests: XCTestCase {
  let text = #"{"name": "Ada", "tags": ["math", 1.50], "n": null, "o": {}, "deep": {"x": {"y": 1}}}"#

  func document() throws -> JSONDocument { try JSONDocument(bytes: Array(text.utf8)) }

  func child(_ document: JSONDocument, _ path: Int...) -> JSONDocument.NodeID {
    path.reduce(document.outline.roots[0]) { document.outline.children(of: $0)[$1] }
  }

  /// The document saved compactly, as text.
  func saved(_ document: JSONDocument) -> String {
    String(decoding: document.jsonBytes(style: .compact), as: UTF8.self)
  }

  /// Saving and reading back gives the same values.
  func assertRoundTrip(_ document: JSONDocument, file: StaticString = #filePath, line: UInt = #line) {
    for style in [JSONDocument.WritingStyle.pretty, .compact, .pretty(indent: 0)] {
      let reread = try? JSONDocument(bytes: document.jsonBytes(style: style), format: document.format)
      XCTAssertEqual(reread?.referenceValues, document.referenceValues, "\(style)", file: file, line: line)
    }
  }

  /// An empty object that gets its first member, and loses it again,
  /// turns its triangle: the change of each edit redraws its row.
  func testAFirstAndALastMemberRedrawTheirObject() throws {
    var document = try document()
    document.outline.expandAll()
    let object = child(document, 3)
    XCTAssertEqual(document.key(of: object), "o")
    let row = try XCTUnwrap(document.outline.row(of: object))
    let (member, added) = try document.insertValue(json: "1", key: "k", under: object, at: 0)
    XCTAssertEqual(added, OutlineChange(insertedRows: [row + 1 ..< row + 2], reloadedRows: [row]))
    let removed = document.removeValue(member)
    XCTAssertEqual(removed, OutlineChange(removedRows: [row + 1 ..< row + 2], reloadedRows: [row]))
    // Each edit is a step: undo brings the member back and the triangle with it.
    XCTAssertEqual(document.undoName, "delete .o.k")
    XCTAssertEqual(document.undo(), OutlineChange(insertedRows: [row + 1 ..< row + 2], reloadedRows: [row]))
    XCTAssertEqual(document.undo(), OutlineChange(removedRows: [row + 1 ..< row + 2], reloadedRows: [row]))
    XCTAssertFalse(document.canUndo)
    XCTAssertTrue(document.canRedo)
  }

  func testRenameKey() throws {
    var document = try document()
    try document.renameKey(of: child(document, 0), to: "full \"name\"")
    XCTAssertEqual(document.key(of: child(document, 0)), "full \"name\"")
    XCTAssertEqual(document.value(of: child(document, 0)), "Ada")
    XCTAssertEqual(document.path(of: child(document, 0)), #".["full \"name\""]"#)
    XCTAssertTrue(saved(document).hasPrefix(#"{"full \"name\"":"Ada","tags""#), saved(document))
    // A renamed container keeps its members; renaming twice keeps the last.
    try document.renameKey(of: child(document, 1), to: "labels")
    try document.renameKey(of: child(document, 1), to: "topics")
    XCTAssertEqual(document.key(of: child(document, 1)), "topics")
    XCTAssertEqual(document.count(of: child(document, 1)), 2)
    XCTAssertThrowsError(try document.renameKey(of: child(document, 1, 0), to: "x")) { error in
      XCTAssertEqual((error as? JSONEditError)?.reason, .notAMember)
    }
    XCTAssertThrowsError(try document.renameKey(of: document.outline.roots[0], to: "x"))
    assertRoundTrip(document)
  }

  func testSetValue() throws {
    var document = try document()
    let name = child(document, 0)
    try document.setValue(of: name, toJSON: "  12.50e+3 ")
    XCTAssertEqual(document.kind(of: name), .number)
    XCTAssertEqual(document.value(of: name), "12.50e+3")
    XCTAssertEqual(document.key(of: name), "name")
    try document.setValue(of: name, toJSON: #""tab\there \u00e9""#)
    XCTAssertEqual(document.value(of: name), "tab\there é")
    XCTAssertEqual(document.valueText(of: name), #""tab\there \u00e9""#)
    try document.setString(of: name, to: "say \"hi\"\n")
    XCTAssertEqual(document.value(of: name), "say \"hi\"\n")
    try document.setValue(of: child(document, 2), toJSON: "{}")
    XCTAssertEqual(document.kind(of: child(document, 2)), .object)
    try document.setValue(of: child(document, 3), toJSON: "false")
    XCTAssertEqual(document.value(of: child(document, 3)), "false")
    // Renamed and then set: both stay.
    try document.renameKey(of: child(document, 3), to: "flag")
    try document.setValue(of: child(document, 3), toJSON: "true")
    XCTAssertEqual(document.key(of: child(document, 3)), "flag")
    XCTAssertEqual(document.value(of: child(document, 3)), "true")
    XCTAssertEqual(
      saved(document), #"{"name":"say \"hi\"\n","tags":["math",1.50],"n":{},"flag":true,"deep":{"x":{"y":1}}}"# + "\n")
    assertRoundTrip(document)
  }

  func testInvalidValuesAreErrorsAndChangeNothing() throws {
    var document = try document()
    let before = document.referenceValues
    let name = child(document, 0)
    for (input, reason) in [
      ("Ada", JSONEditError.Reason.invalidJSON(JSONSyntaxError(line: 1, column: 1, offset: 0, reason: .expected("a value", found: "'Ada'")))),
      ("", .invalidJSON(JSONSyntaxError(line: 1, column: 1, offset: 0, reason: .expected("a value", found: "the end of the document")))),
      ("1 2", .invalidJSON(JSONSyntaxError(line: 1, column: 3, offset: 2, reason: .trailingContent(found: "'2'")))),
      ("'x'", .invalidJSON(JSONSyntaxError(line: 1, column: 1, offset: 0, reason: .singleQuotes))),
      ("[1]", .notAScalar),
      (#"{"a": {}}"#, .notAScalar),
    ] {
      XCTAssertThrowsError(try document.setValue(of: name, toJSON: input), input) { error in
        XCTAssertEqual((error as? JSONEditError)?.reason, reason, input)
      }
    }
    XCTAssertThrowsError(try document.setValue(of: child(document, 1), toJSON: "1")) { error in
      XCTAssertEqual((error as? JSONEditError)?.reason, .notAScalar)
    }
    XCTAssertEqual(document.referenceValues, before)
    XCTAssertEqual(
      "\(JSONEditError(.invalidJSON(JSONSyntaxError(line: 1, column: 1, offset: 0, reason: .expected("a value", found: "'Ada'")))))",
      "not a JSON value: line 1, column 1: expected a value, found 'Ada'")
  }

  func testInsertValues() throws {
    var document = try document()
    let root = document.outline.roots[0]
    let user = try document.insertValue(json: #"{"id": 7, "roles": ["a", "b"]}"#, key: "user", under: root, at: 1).node
    XCTAssertEqual(document.key(of: user), "user")
    XCTAssertEqual(document.outline.subtreeCount(of: user), 5)
    XCTAssertEqual(document.path(of: document.outline.children(of: document.outline.children(of: user)[1])[1]), ".user.roles[1]")
    let tags = child(document, 2)
    XCTAssertEqual(document.key(of: tags), "tags")
    let element = try document.insertValue(json: "null", key: nil, under: tags, at: 2).node
    XCTAssertEqual(document.index(of: element), 2)
    XCTAssertEqual(
      saved(document),
      #"{"name":"Ada","user":{"id":7,"roles":["a","b"]},"tags":["math",1.50,null],"n":null,"o":{},"deep":{"x":{"y":1}}}"# + "\n")
    // The inserted value's text is its own: edits of it work the same.
    try document.renameKey(of: document.outline.children(of: user)[0], to: "uid")
    try document.setValue(of: document.outline.children(of: user)[0], toJSON: "8")
    XCTAssertTrue(saved(document).contains(#""user":{"uid":8,"#), saved(document))
    for (parent, key, reason) in [
      (root, nil, JSONEditError.Reason.keyRequired), (tags, "k", .keyNotAllowed), (child(document, 0), nil, .notAContainer(.string)),
    ] as [(JSONDocument.NodeID, String?, JSONEditError.Reason)] {
      XCTAssertThrowsError(try document.insertValue(json: "1", key: key, under: parent, at: 0).node) { error in
        XCTAssertEqual((error as? JSONEditError)?.reason, reason)
      }
    }
    XCTAssertThrowsError(try document.insertValue(json: "[1,]", key: "k", under: root, at: 0).node) { error in
      guard case .invalidJSON(let syntax)? = (error as? JSONEditError)?.reason else { return XCTFail("\(error)") }
      XCTAssertEqual(syntax.reason, .trailingComma(.array))
    }
    assertRoundTrip(document)
  }

  func testRemove() throws {
    var document = try document()
    document.outline.remove(child(document, 1))
    document.outline.remove(child(document, 3, 0))
    XCTAssertEqual(saved(document), #"{"name":"Ada","n":null,"o":{},"deep":{}}"# + "\n")
    assertRoundTrip(document)
  }

  func testMoves() throws {
    var document = try document()
    let root = document.outline.roots[0]
    let (name, tags, n) = (child(document, 0), child(document, 1), child(document, 2))
    // Within an object: to the end, by the gap before the move.
    try document.moveValues([name], under: root, before: 5)
    XCTAssertEqual(document.outline.children(of: root).map { document.key(of: $0)! }, ["tags", "n", "o", "deep", "name"])
    // Several, in document order whatever order they are given in, to the front.
    try document.moveValues([name, n], under: root, before: 0)
    XCTAssertEqual(document.outline.children(of: root).map { document.key(of: $0)! }, ["n", "name", "tags", "o", "deep"])
    // A member into an array becomes an element (its key kept, unshown)…
    try document.moveValues([name], under: tags, before: 1)
    XCTAssertNil(document.key(of: name))
    XCTAssertEqual(document.index(of: name), 1)
    XCTAssertTrue(saved(document).contains(#""tags":["math","Ada",1.50]"#), saved(document))
    // …and back into an object with it.
    try document.moveValues([name], under: root, before: 0)
    XCTAssertEqual(document.key(of: name), "name")
    // An element into an object gets its index as its key.
    let math = document.outline.children(of: tags)[0]
    let o = child(document, 3)
    XCTAssertEqual(document.key(of: o), "o")
    try document.moveValues([document.outline.children(of: tags)[1]], under: o, before: 0)
    XCTAssertEqual(document.key(of: document.outline.children(of: o)[0]), "1")
    XCTAssertEqual(document.value(of: document.outline.children(of: o)[0]), "1.50")
    // Two elements into an object: the indices they had, before either moved.
    let pair = try JSONDocument(bytes: Array(#"{"list": ["a", "b", "c"], "o": {}}"#.utf8))
    var pairs = pair
    let (list, object) = (pairs.outline.children(of: pairs.outline.roots[0])[0], pairs.outline.children(of: pairs.outline.roots[0])[1])
    try pairs.moveValues(Array(pairs.outline.children(of: list).prefix(2)), under: object, before: 0)
    XCTAssertEqual(pairs.outline.children(of: object).map { pairs.key(of: $0)! }, ["0", "1"])
    // A value with one of its own members: the member travels with it.
    let deep = child(document, 4)
    try document.moveValues([deep, document.outline.children(of: deep)[0]], under: tags, before: 0)
    XCTAssertEqual(document.outline.children(of: tags).map { document.kind(of: $0) }, [.object, .string])
    XCTAssertEqual(document.outline.subtreeCount(of: deep), 3)
    // Into itself: an error, nothing moves.
    let before = document.referenceValues
    XCTAssertThrowsError(try document.moveValues([tags], under: deep, before: 0)) { error in
      XCTAssertEqual((error as? JSONEditError)?.reason, .intoOwnSubtree)
    }
    XCTAssertThrowsError(try document.moveValues([math], under: child(document, 0), before: 0)) { error in
      XCTAssertEqual((error as? JSONEditError)?.reason, .notAContainer(.string))
    }
    XCTAssertEqual(document.referenceValues, before)
    assertRoundTrip(document)
  }

  func testEditsInOneStepReturnOneChange() throws {
    var document = try document()
    let root = document.outline.roots[0]
    document.outline.expand(root)
    let change = try document.edit(named: "three edits") { editor in
      try editor.setValue(of: editor.outline.children(of: root)[2], toJSON: "3")
      try editor.insertValue(json: "[]", key: "new", under: root, at: 0)
      editor.removeValue(editor.outline.children(of: root)[2])
    }
    XCTAssertEqual(document.undoName, "three edits")
    XCTAssertEqual(change.insertedRows, [1 ..< 2])
    XCTAssertEqual(change.removedRows, [2 ..< 3])
    XCTAssertEqual(document.outline.children(of: root).map { document.key(of: $0)! }, ["new", "name", "n", "o", "deep"])
  }

  /// Random edits of random documents: the outline saved and read back
  /// equals the outline, every time.
  func testRandomEditsSaveAndReadBack() throws {
    for seed in (0 ..< 30).map({ UInt64($0) * 7919 + 3 }) {
      var generator = RandomJSON(seed: seed)
      generator.maximumDepth = 5
      var random = SplitMix64(seed: seed)
      var document = try JSONDocument(bytes: generator.document(values: 60))
      for _ in 0 ..< 25 {
        var all: [JSONDocument.NodeID] = []
        var pending = Array(document.outline.roots)
        while let id = pending.popLast() {
          all.append(id)
          pending += document.outline.children(of: id)
        }
        let target = random.element(of: all)
        let containers = all.filter { document[$0].isContainer }
        var scalar: [UInt8] = []
        generator.number(into: &scalar)
        do {
          switch random.int(in: 0 ..< 5) {
          case 0 where document.isMember(target): try document.renameKey(of: target, to: "k\(random.int(in: 0 ..< 9))")
          case 1 where !document.outline.hasChildren(target):
            try document.setValue(of: target, toJSON: String(decoding: scalar, as: UTF8.self))
          case 2 where !containers.isEmpty:
            let parent = random.element(of: containers)
            var value: [UInt8] = []
            var budget = 5
            generator.value(depth: 3, budget: &budget, into: &value)
            try document.insertValue(
              json: String(decoding: value, as: UTF8.self), key: document[parent].kind == .object ? "new" : nil, under: parent,
              at: random.int(in: 0 ... document.outline.children(of: parent).count))
          case 3 where target != document.outline.roots[0]: document.removeValue(target)
          case 4 where !containers.isEmpty && target != document.outline.roots[0]:
            let parent = random.element(of: containers)
            try document.moveValues([target], under: parent, before: random.int(in: 0 ... document.outline.children(of: parent).count))
          default: break
          }
        } catch let error as JSONEditError where error.reason == .intoOwnSubtree {
          continue
        }
        let reread = try JSONDocument(bytes: document.jsonBytes())
        XCTAssertEqual(reread.referenceValues, document.referenceValues, "seed \(seed)")
      }
    }
  }

  /// A node is one word, and an optional one too: the outline keeps 8
  /// bytes of payload a value.
  func testANodeIsEightBytes() {
    XCTAssertEqual(MemoryLayout<JSONNode>.size, 8)
    XCTAssertEqual(MemoryLayout<JSONNode?>.size, 8)
    XCTAssertTrue(_isPOD(JSONNode.self))
  }

  /// Edits' text goes into the source in chunks: thousands of edits, and
  /// one bigger than a chunk, read back; a copy of the outline made before
  /// the edits keeps reading its own values, while threads read the
  /// edited ones.
  func testEditsTextOutlivesChunksAndCopies() throws {
    let count = 300
    var document = try JSONDocument(bytes: Array(("{" + (0 ..< count).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}").utf8))
    let before = document
    let root = document.outline.roots[0]
    let members = Array(document.outline.children(of: root))
    for (k, id) in members.enumerated() {
      try document.renameKey(of: id, to: "renamed key number \(k) " + String(repeating: "é", count: 100 + k % 100))
      try document.setValue(of: id, toJSON: "\"value \(k)\"")
    }
    // More than a chunk (64 KiB): a chunk of its own.
    let big = "[" + Array(repeating: "\"" + String(repeating: "0123456789", count: 4) + "\"", count: 2_000).joined(separator: ",") + "]"
    try document.insertValue(json: big, key: "big", under: root, at: count).node
    // Readers of the edited values, while a copy sharing the source edits on.
    let snapshot = document
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      guard worker > 0 else {
        var copy = snapshot
        for id in members.prefix(100) { try? copy.setValue(of: id, toJSON: "[]") }
        XCTAssertEqual(copy.kind(of: members[0]), .array)
        return
      }
      for (k, id) in members.enumerated() where k % 3 == worker - 1 {
        XCTAssertEqual(snapshot.key(of: id), "renamed key number \(k) " + String(repeating: "é", count: 100 + k % 100))
        XCTAssertEqual(snapshot.value(of: id), "value \(k)")
      }
    }
    XCTAssertEqual(document.count(of: document.outline.children(of: root)[count]), 2_000)
    XCTAssertEqual(before.key(of: members[7]), "k7")
    XCTAssertEqual(before.value(of: members[7]), "7")
    assertRoundTrip(document)
  }
}
