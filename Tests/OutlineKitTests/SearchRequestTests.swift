import Dispatch
import OutlineTestSupport
import XCTest

@testable import OutlineKit

/// `SearchAsYouType`'s requests: made on the test's thread, run on another
/// (asking on every core: checked builds cut the work into chunks of 64
/// nodes, so these forests of thousands run on several threads) while the
/// outline is read meanwhile, then applied. Random typing with edits
/// between keystrokes, against the same search made in one call; requests
/// made stale (an edit, another filter, another request applied first)
/// and runs cancelled half way must not apply. Run under ThreadSanitizer
/// in CI. Rerun a failing seed alone with
/// `OUTLINE_SEED=<seed> swift test --filter SearchRequestTests`.
final class SearchRequestTests: XCTestCase {
  typealias Words = SearchAsYouTypeTests

  /// Runs `request` on another thread while `reading` reads on this one;
  /// returns it run.
  func runElsewhere(
    _ request: SearchAsYouType.Request<String>, isCancelled: @escaping @Sendable () -> Bool = { false },
    while reading: () -> Void
  ) -> (request: SearchAsYouType.Request<String>, finished: Bool) {
    let box = RequestBox(request)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { box.run(isCancelled: isCancelled) }
    reading()
    group.wait()
    return box.result
  }

  func testRequestsRunElsewhereMatchTheSearchInOneCall() {
    for seed in testSeeds(count: 4) {
      var rng = SplitMix64(seed: seed)
      var typed = Words.forest(using: &rng, count: 2_000)
      var reference = typed
      var (typing, referenceTyping) = (SearchAsYouType(), SearchAsYouType())
      var text = ""
      var staleSeen = 0
      for keystroke in 0 ..< 80 {
        let context = "seed \(seed), keystroke \(keystroke), text \"\(text)\""
        let roll = rng.int(below: 100)
        if roll < 55 {
          text += String(Words.syllables.randomElement(using: &rng)!.randomElement(using: &rng)!)
        } else if roll < 85 {
          if !text.isEmpty { text.removeLast() }
        } else if roll < 92 {
          text = Words.syllables.randomElement(using: &rng)!
        } else {
          text = ""
        }
        var request = typing.request(for: text, in: typed, matching: Words.matching)
        XCTAssertEqual(request.text, text, context)
        // Between the request and its apply, sometimes an edit: the
        // request is stale and a new one is made.
        let editsMeanwhile = typed.rowCount > 0 && rng.chance(0.15)
        let before = typed.rows.map { typed[$0] }
        let ran = runElsewhere(request) {
          // The outline stays in use while the request runs.
          XCTAssertEqual(typed.rows.map { typed[$0] }, before, context)
        }
        XCTAssertTrue(ran.finished, context)
        request = ran.request
        if editsMeanwhile {
          let row = rng.int(below: typed.rowCount)
          typed[typed.id(atRow: row)] += "ma"
          reference[reference.id(atRow: row)] += "ma"
          XCTAssertNil(typing.apply(request, to: &typed), "\(context): an edit made the request stale")
          staleSeen += 1
          request = runElsewhere(typing.request(for: text, in: typed, matching: Words.matching)) {}.request
        }
        XCTAssertTrue(request.isReady, context)
        let change = typing.apply(request, to: &typed)
        let expected = referenceTyping.search(for: text, in: &reference, matching: Words.matching)
        XCTAssertEqual(typing.lastStep, referenceTyping.lastStep, context)
        XCTAssertEqual(request.step, typing.lastStep, context)
        XCTAssertEqual(change, expected, context)
        XCTAssertEqual(typed.rows.map { typed[$0] }, reference.rows.map { reference[$0] }, context)
        XCTAssertEqual(typed.matchCount, reference.matchCount, context)
        if request.step != .unchanged {
          // (One that changes nothing may: it still changes nothing.)
          XCTAssertNil(typing.apply(request, to: &typed), "\(context): a request applies once")
        }
        if testRun?.failureCount ?? 0 > 0 {
          print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), keystroke \(keystroke)")
          return
        }
      }
      XCTAssertGreaterThan(staleSeen, 0, "seed \(seed): no edit came between a request and its apply")
    }
  }

  func testStaleRequestsAreRefusedAndChangeNothing() throws {
    var rng = SplitMix64(seed: 7)
    var outline = Words.forest(using: &rng, count: 500)
    var typing = SearchAsYouType()
    typing.search(for: "ma", in: &outline, matching: Words.matching)
    let rows = outline.rows.map { outline[$0] }

    // Another filter set meanwhile.
    var request = typing.request(for: "mar", in: outline, matching: Words.matching)
    XCTAssertEqual(request.step, .narrowed)
    request.run()
    var other = outline
    other.setFilter { $0.hasPrefix("p") ? .visible : .recurse }
    XCTAssertNil(typing.apply(request, to: &other), "the filter changed")
    XCTAssertEqual(typing.text, "ma", "the search keeps its text")

    // Another request of the same search applied first.
    var first = typing.request(for: "mar", in: outline, matching: Words.matching)
    first.run()
    var copy = outline
    var copyTyping = typing
    XCTAssertNotNil(copyTyping.apply(first, to: &copy))
    XCTAssertNil(copyTyping.apply(request, to: &copy), "the search moved on")

    // Not run: not ready, and refused.
    let unrun = typing.request(for: "mar", in: outline, matching: Words.matching)
    XCTAssertFalse(unrun.isReady)
    XCTAssertGreaterThan(unrun.nodesToAsk, 0)
    XCTAssertNil(typing.apply(unrun, to: &outline))
    XCTAssertEqual(outline.rows.map { outline[$0] }, rows, "nothing changed")

    // Another outline, with the same versions as this one's.
    var twin = Words.forest(using: &rng, count: 500)
    var fresh = SearchAsYouType()
    let fromOutline = fresh.request(for: "ma", in: outline, matching: Words.matching)
    XCTAssertEqual(fromOutline.step, .set)
    var ran = fromOutline
    ran.run()
    XCTAssertNil(fresh.apply(ran, to: &twin), "made from another outline")
    XCTAssertFalse(twin.isFiltered)

    // Two copies that went their own ways with the same edits: their
    // versions agree, and the request of one still does not apply to the
    // other.
    var left = twin
    var right = twin
    left.insert("mar", under: nil, at: 0)
    right.insert("xyz", under: nil, at: 0)
    var leftTyping = SearchAsYouType()
    var fromLeft = leftTyping.request(for: "ma", in: left, matching: Words.matching)
    fromLeft.run()
    XCTAssertNil(leftTyping.apply(fromLeft, to: &right), "made from the other copy")
    XCTAssertNotNil(leftTyping.apply(fromLeft, to: &left))

    // Backspace asks nothing: ready without a run.
    XCTAssertNotNil(typing.apply(request, to: &outline))
    var back = typing.request(for: "ma", in: outline, matching: Words.matching)
    XCTAssertEqual(back.step, .widened)
    if back.nodesToAsk == 0 {
      // The nodes "ma" passed are restored as they were kept.
      XCTAssertTrue(back.isReady)
    } else {
      // More than a third of the nodes passed "ma": asking every node
      // again costs less (release builds), and the run does it.
      XCTAssertEqual(back.nodesToAsk, outline.nodeCount)
      XCTAssertFalse(back.isReady)
      back.run()
    }
    XCTAssertNotNil(typing.apply(back, to: &outline))
    XCTAssertEqual(outline.rows.map { outline[$0] }, rows, "back to \"ma\"")

    // An edit that changes nothing (a node moved to where it is) still
    // drops what Backspace goes back to: the request made before it is
    // stale, not a trap.
    var narrowed = typing.request(for: "mar", in: outline, matching: Words.matching)
    narrowed.run()
    XCTAssertNotNil(typing.apply(narrowed, to: &outline))
    let backspace = typing.request(for: "ma", in: outline, matching: Words.matching)
    XCTAssertEqual(backspace.step, .widened)
    try outline.move(outline.roots[0], under: nil, at: 0)
    XCTAssertNil(typing.apply(backspace, to: &outline))
    let again = typing.request(for: "ma", in: outline, matching: Words.matching)
    XCTAssertEqual(again.step, .set, "nothing to go back to after an edit")
  }

  func testCancelledRunsStopAndLeaveNothingToApply() {
    // Several chunks in any build (64 nodes in checked builds, 16,384 in
    // release ones).
    let count = 5 * _ParallelChunks.chunkSize
    var rng = SplitMix64(seed: 11)
    var outline = Words.forest(using: &rng, count: count)
    var typing = SearchAsYouType()
    let asked = Counter()
    let request = typing.request(for: "ta", in: outline) { matcher in
      { text in
        _ = asked.increment()
        return matcher.matches(text)
      }
    }
    XCTAssertEqual(request.nodesToAsk, count)
    // Cancelled after the first check: the chunks not started are
    // skipped, and the request has no answers.
    let checks = Counter()
    let ran = runElsewhere(request, isCancelled: { checks.increment() > 1 }) {}
    XCTAssertFalse(ran.finished)
    XCTAssertFalse(ran.request.isReady)
    XCTAssertLessThanOrEqual(asked.value, _ParallelChunks.chunkSize, "one chunk ran; the run stopped there")
    XCTAssertNil(typing.apply(ran.request, to: &outline))
    XCTAssertFalse(outline.isFiltered)
    // The same request run to the end applies.
    let again = runElsewhere(request) {}
    XCTAssertTrue(again.finished)
    XCTAssertNotNil(typing.apply(again.request, to: &outline))
    XCTAssertTrue(outline.isFiltered)
  }
}

/// A request moved to another thread and back.
private final class RequestBox: @unchecked Sendable {
  private var request: SearchAsYouType.Request<String>
  private var finished = false

  init(_ request: SearchAsYouType.Request<String>) { self.request = request }

  func run(isCancelled: @Sendable () -> Bool) { finished = request.run(isCancelled: isCancelled) }

  var result: (request: SearchAsYouType.Request<String>, finished: Bool) { (request, finished) }
}

/// A count that several threads add to.
private final class Counter: @unchecked Sendable {
  private let queue = DispatchQueue(label: "SearchRequestTests.Counter")
  private var count = 0

  func increment() -> Int { queue.sync { count += 1; return count } }

  var value: Int { queue.sync { count } }
}
