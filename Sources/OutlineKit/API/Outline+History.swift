/// Undo and redo of edits.
extension Outline {
  /// An undo history for one outline: steps of edits that it undoes and
  /// redoes, bringing removed nodes back as they were.
  ///
  /// Make the edits that users should be able to undo inside
  /// ``record(in:named:_:)``: each call keeps one step. ``undo(in:)`` and
  /// ``redo(in:)`` apply a step backwards or forwards and return the rows
  /// that changed, as one change for a table view's batch update.
  ///
  /// ```swift
  /// var outline = Outline(roots: library, children: \.children)
  /// var history = Outline<Item>.History()
  ///
  /// let change = history.record(in: &outline, named: "Delete") { outline in
  ///   outline.remove(folder)
  /// }
  /// apply(change)
  /// if let change = history.undo(in: &outline) { apply(change) }   // the folder is back
  /// outline.contains(folder)                                         // true: the same NodeID
  /// ```
  ///
  /// ## What a step is
  ///
  /// A step holds the edits its body made: inserts, removes, moves (of one
  /// node or several), values set through the subscript, and updates from
  /// new data (`update(...)`). Expanding and collapsing, filters, row
  /// heights and the selection are not edits: they are the user's view of
  /// the tree, so undo leaves them as they are, and a body that only
  /// changed them keeps no step.
  ///
  /// A node that undo or redo brings back has the `NodeID`, value,
  /// children, expanded flags and row heights it had when it went. After
  /// an undo the tree (structure, order, values, IDs) is exactly what it
  /// was before the step; after a redo, what it was after it. (An update's
  /// step keeps the old values of the nodes whose value changed: with
  /// `Node: Equatable`, values equal to the new ones are not kept.)
  ///
  /// ## Edits outside the history
  ///
  /// A history knows only the edits it recorded. An edit made outside
  /// `record` (an insert, a remove, a move, a value set, an update) would
  /// leave its steps describing a tree that is gone, so it clears the
  /// history: ``canUndo(in:)`` and ``canRedo(in:)`` say no at once, and
  /// the next call with the outline drops every step. An edit that is
  /// refused (it throws and changes nothing) or that changes nothing (a
  /// move to where the node is, an empty batch, an update with the same
  /// data) clears nothing. Expanding, collapsing, filtering and setting
  /// heights do not clear it. A history belongs to one outline: use it
  /// with that outline (or the copy you go on editing).
  ///
  /// An Edit menu asks the outline-aware questions, which are exact at
  /// every moment:
  ///
  /// ```swift
  /// undoItem.isEnabled = history.canUndo(in: outline)
  /// redoItem.isEnabled = history.canRedo(in: outline)
  /// ```
  ///
  /// ## Cost
  ///
  /// A step keeps O(k) for the k nodes its edits inserted, removed, moved
  /// or changed (a removed subtree's entries and values, never a copy of
  /// the outline). Undo and redo are O(k log n), plus the rows they change.
  /// Nodes a history may bring back keep their slots (4 bytes each in the
  /// outline's node table) until their step is dropped.
  public struct History {
    @usableFromInline internal var _undoSteps: [_HistoryStep<Node>] = []
    @usableFromInline internal var _redoSteps: [_HistoryStep<Node>] = []
    /// The outline's token and edit version after the history's last
    /// work with it; nil before any.
    @usableFromInline internal var _seen: (token: UInt64, version: UInt64)?
    /// Keys of nodes that dropped steps could have brought back, to free
    /// at the next call with the outline.
    @usableFromInline internal var _pendingRelease: [UInt64] = []

    /// The most steps kept; beyond it the oldest go first.
    public let limit: Int

    /// Creates an empty history.
    ///
    /// - Parameter limit: The most undo steps kept (default 100); when a
    ///   new step would pass it, the oldest is dropped. 0 keeps none.
    /// - Precondition: `limit >= 0`.
    /// - Complexity: O(1).
    @inlinable
    public init(limit: Int = 100) {
      _require(limit >= 0, "Outline.History: limit \(limit) is negative")
      self.limit = limit
    }

    /// Whether there is a step to undo, as of the history's last call.
    ///
    /// An edit made outside `record` since then has cleared the history,
    /// but this property learns it only at the next call; an Edit menu
    /// asks ``canUndo(in:)``, which knows at once.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var canUndo: Bool { !_undoSteps.isEmpty }

    /// Whether there is a step to redo, as of the history's last call.
    ///
    /// Like ``canUndo``, it learns of edits made outside `record` at the
    /// next call; ``canRedo(in:)`` knows at once.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var canRedo: Bool { !_redoSteps.isEmpty }

    /// Whether ``undo(in:)`` would undo a step of `outline` now.
    ///
    /// Exact at every moment: false at once after an edit made outside
    /// `record` (which clears the history), false for an outline this
    /// history did not record (or one it no longer knows), and unchanged
    /// by an edit that was refused or changed nothing.
    ///
    /// ```swift
    /// undoItem.isEnabled = history.canUndo(in: outline)
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public func canUndo(in outline: Outline) -> Bool { !_undoSteps.isEmpty && _isCurrent(for: outline) }

    /// Whether ``redo(in:)`` would redo a step of `outline` now.
    ///
    /// Exact at every moment, as ``canUndo(in:)`` is.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func canRedo(in outline: Outline) -> Bool { !_redoSteps.isEmpty && _isCurrent(for: outline) }

    /// The number of steps that can be undone.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var undoCount: Int { _undoSteps.count }

    /// The number of steps that can be redone.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var redoCount: Int { _redoSteps.count }

    /// The name the next step to undo was recorded with (for an "Undo
    /// Move" menu item), or nil.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var undoName: String? { _undoSteps.last?.name }

    /// The name the next step to redo was recorded with, or nil.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var redoName: String? { _redoSteps.last?.name }

    /// Runs `body` as one batch and keeps one step that undoes it.
    ///
    /// Everything `body` edits (inserts, removes, moves, values, updates)
    /// goes into the step; what it changes besides (expansion, filters,
    /// heights) does not. A new step clears what could be redone. A body
    /// that edits nothing keeps no step and leaves both lists as they
    /// were.
    ///
    /// ```swift
    /// history.record(in: &outline, named: "Move 3 rows") { outline in
    ///   try outline.move(dragged, to: target)
    /// }
    /// ```
    ///
    /// If `body` throws, what it did is undone (its edits, and the
    /// expanded flags it changed), no step is kept, and the error is
    /// rethrown.
    ///
    /// - Parameters:
    ///   - outline: The outline to edit.
    ///   - name: What the step is called (``undoName``), or nil.
    ///   - body: The edits.
    /// - Returns: The rows that changed, as `batch(_:)` returns them.
    /// - Precondition: Not called from inside another `record` on the
    ///   same outline.
    /// - Complexity: The cost of `body`, plus O(log n) per edit it makes and
    ///   O(1) per node it removes.
    @inlinable @discardableResult
    public mutating func record(
      in outline: inout Outline, named name: String? = nil, _ body: (inout Outline) throws -> Void
    ) rethrows -> OutlineChange {
      try _record(in: &outline, named: name, selection: nil) { outline, _ in try body(&outline) }.change
    }

    /// Runs `body` as one batch and adds its edits to the newest step, so
    /// that one undo takes back both: for edits that belong with the last
    /// one (the rest of a word typed, a lazy folder's children loaded
    /// after a move). With no step to undo, it keeps none and clears
    /// nothing that can be undone.
    ///
    /// ```swift
    /// // A lazy load's answer, which the user never asked to undo on its own:
    /// history.recordIntoLastStep(in: &outline) { $0.insert(child, under: folder, at: 0) }
    /// ```
    ///
    /// Like ``record(in:named:_:)`` it clears what could be redone, and a
    /// body that throws is rolled back.
    ///
    /// - Returns: The rows that changed.
    /// - Complexity: As ``record(in:named:_:)``, plus O(k) for the k edits
    ///   of the newest step.
    @inlinable @discardableResult
    public mutating func recordIntoLastStep(
      in outline: inout Outline, _ body: (inout Outline) throws -> Void
    ) rethrows -> OutlineChange {
      try _record(in: &outline, named: nil, selection: nil, merging: true) { outline, _ in try body(&outline) }.change
    }

    /// Undoes the newest step, and keeps it to redo.
    ///
    /// - Returns: The rows that changed, or nil when there is nothing to
    ///   undo.
    /// - Complexity: O(k log n) for the k nodes the step touched, plus the
    ///   rows that change.
    @inlinable @discardableResult
    public mutating func undo(in outline: inout Outline) -> OutlineChange? {
      _replay(in: &outline, forwards: false, selection: nil)
    }

    /// Redoes the newest undone step, and keeps it to undo again.
    ///
    /// - Returns: The rows that changed, or nil when there is nothing to
    ///   redo.
    /// - Complexity: O(k log n) for the k nodes the step touched, plus the
    ///   rows that change.
    @inlinable @discardableResult
    public mutating func redo(in outline: inout Outline) -> OutlineChange? {
      _replay(in: &outline, forwards: true, selection: nil)
    }

    /// Forgets every step.
    ///
    /// The slots of the removed nodes the steps could have brought back
    /// are freed at the history's next call with the outline (or the
    /// outline's next edit).
    ///
    /// - Complexity: O(k) for the k nodes the steps keep.
    @inlinable
    public mutating func removeAll() {
      for step in _undoSteps + _redoSteps { _pendingRelease += step.log.detachedKeys }
      _undoSteps = []
      _redoSteps = []
    }
  }
}

extension Outline.History: Sendable where Node: Sendable {}

extension Outline.History: CustomStringConvertible {
  /// `History(2 to undo, "Move", 1 to redo)`.
  public var description: String {
    "History(\(undoCount) to undo\(undoName.map { ", \"\($0)\"" } ?? ""), \(redoCount) to redo)"
  }
}

// MARK: - Recording and replaying

extension Outline.History {
  /// Drops every step when the outline was edited outside the history
  /// since its last call (or is another outline), and frees the slots of
  /// dropped steps' nodes.
  @inlinable
  internal mutating func _synchronize(with outline: inout Outline) {
    if _seen != nil && !_isCurrent(for: outline) {
      // The outline freed the retained slots when it was edited.
      _undoSteps = []
      _redoSteps = []
      _pendingRelease = []
    }
    if !_pendingRelease.isEmpty {
      outline._core.index.releaseRetained(_pendingRelease)
      _pendingRelease = []
    }
  }

  /// Notes the outline's state after the history's own work.
  /// Whether the history's steps still describe `outline`: it is the
  /// outline the history last worked with, and nothing edited it outside
  /// `record` since.
  @inlinable
  internal func _isCurrent(for outline: Outline) -> Bool {
    guard let seen = _seen else { return false }
    return seen.token == outline._core.historyToken && seen.version == outline._core.editVersion
  }

  @inlinable
  internal mutating func _see(_ outline: Outline) {
    _seen = (outline._core.historyToken, outline._core.editVersion)
  }

  /// `record`, with the selection before and after the step when one is
  /// given (and handed to `body`).
  @inlinable
  internal mutating func _record(
    in outline: inout Outline, named name: String?, selection: UnsafeMutablePointer<Outline.Selection>?,
    merging: Bool = false, _ body: (inout Outline, UnsafeMutablePointer<Outline.Selection>?) throws -> Void
  ) rethrows -> (change: OutlineChange, keptStep: Bool) {
    _require(
      outline._core.recorder == nil && !outline._core.isApplyingHistory,
      "Outline.History: record was called from inside another record on the same outline")
    _synchronize(with: &outline)
    if outline._core.historyToken == 0 { outline._core.historyToken = UInt64.random(in: 1 ... .max) }
    let selectionBefore = selection?.pointee._state
    // Every edit of the body comes in through the funnel, which keeps the
    // payload log in step with the core's.
    let (log, payloads, change) = try outline._mutate(.composite) { outline in
      outline._core.recorder = _EditLog()
      outline._recordedPayloads = []
      outline._core.beginBatch()
      do {
        try body(&outline, selection)
      } catch {
        var log = outline._core.recorder.take()!
        var payloads = outline._recordedPayloads.take()!
        outline._core.isApplyingHistory = true
        outline._mutate(.edit) { $0._apply(&log, payloads: &payloads, forwards: false) }
        outline._core.index.releaseRetained(log.detachedKeys)
        outline._core.restoreFlags(outline._core.composers.last!.originalFlags)
        outline._core.isApplyingHistory = false
        outline._core.abandonBatch()
        _see(outline)
        throw error
      }
      return (outline._core.recorder.take()!, outline._recordedPayloads.take()!, outline._core.endBatch())
    }
    _see(outline)
    guard !log.isEmpty else { return (change, false) }
    for dropped in _redoSteps { outline._core.index.releaseRetained(dropped.log.detachedKeys) }
    _redoSteps = []
    if merging {
      guard var last = _undoSteps.popLast() else {
        // Nothing to undo: no step depends on these edits.
        outline._core.index.releaseRetained(log.detachedKeys)
        return (change, false)
      }
      last.log.append(log)
      last.payloads += payloads
      _undoSteps.append(last)
      return (change, true)
    }
    var step = _HistoryStep(log: log, payloads: payloads, name: name)
    if let selection {
      selection.pointee.reconcile(with: outline, after: change)
      step.selectionBefore = selectionBefore
      step.selectionAfter = selection.pointee._state
    }
    _undoSteps.append(step)
    if _undoSteps.count > limit {
      for dropped in _undoSteps.prefix(_undoSteps.count - limit) {
        outline._core.index.releaseRetained(dropped.log.detachedKeys)
      }
      _undoSteps.removeFirst(_undoSteps.count - limit)
    }
    return (change, true)
  }

  /// Undoes (`forwards` false) or redoes a step as one batch; with a
  /// selection, gives it the selection the step had before (undo) or after
  /// (redo) it, revealing the focus if a collapse hides it.
  @inlinable
  internal mutating func _replay(
    in outline: inout Outline, forwards: Bool, selection: UnsafeMutablePointer<Outline.Selection>?
  ) -> OutlineChange? {
    _synchronize(with: &outline)
    guard var step = forwards ? _redoSteps.popLast() : _undoSteps.popLast() else { return nil }
    let restored = forwards ? step.selectionAfter : step.selectionBefore
    let change = outline._mutate(.edit) { outline in
      outline._core.beginBatch()
      outline._core.isApplyingHistory = true
      outline._apply(&step.log, payloads: &step.payloads, forwards: forwards)
      outline._core.isApplyingHistory = false
      if selection != nil, let focus = restored?.focus, let position = outline._core.position(ofKey: focus),
        outline._core.index.row(of: position) == nil
      {
        _ = outline._core.reveal(at: position)
      }
      return outline._core.endBatch()
    }
    if let selection, let restored {
      selection.pointee._state = restored
      selection.pointee.reconcile(with: outline)
    } else if let selection {
      selection.pointee.reconcile(with: outline, after: change)
    }
    if forwards { _undoSteps.append(step) } else { _redoSteps.append(step) }
    _see(outline)
    return change
  }
}

extension Outline {
  /// Keeps a payload in the step being recorded, at the place the core's
  /// log gave it.
  @inlinable
  internal mutating func _logPayload(_ payload: Node?, at place: Int) {
    _syncPayloadLog()
    _recordedPayloads![place] = payload
  }

  /// Gives the step being recorded a (still empty) payload place for every
  /// entry place the core's log has.
  @inlinable
  internal mutating func _syncPayloadLog() {
    guard let count = _core.recorder?.held.count, let logged = _recordedPayloads?.count, logged < count else { return }
    _recordedPayloads!.append(contentsOf: repeatElement(nil, count: count - logged))
  }

  /// Applies a step's log forwards (redo) or backwards (undo), moving the
  /// payloads of the nodes that come and go between the outline and the
  /// step. Runs inside `_mutate(.edit)`, like every edit.
  @inlinable
  internal mutating func _apply(_ log: inout _EditLog, payloads: inout ContiguousArray<Node?>, forwards: Bool) {
    _core.structureVersion &+= 1
    var runs: [Int: _OutlineCore._DetachedRun] = [:]
    let order = forwards ? Array(log.ops.indices) : log.ops.indices.reversed()
    for k in order {
      switch log.ops[k] {
      case .presence(let place, let count, let entries, let isAttached):
        if isAttached {
          var released: [Node?] = []
          released.reserveCapacity(entries.count)
          let held = _core.detachHeld(at: place, count: count) { slot in
            released.append(_payloads[Int(slot)])
            _payloads[Int(slot)] = nil
          }
          _require(held.count == entries.count, "Outline.History: a step's nodes are not where it left them")
          log.held.replaceSubrange(entries, with: held)
          payloads.replaceSubrange(entries, with: released)
        } else {
          let answers = _filter.map { filter in payloads[entries].map { filter.answer(for: $0.unsafelyUnwrapped) } }
          for place in entries {
            _payloads[Int(UInt32(truncatingIfNeeded: log.held[place].key))] = payloads[place]
            payloads[place] = nil
          }
          _core.attachHeld(log.held[entries], at: place, answers: answers)
        }
        log.ops[k] = .presence(place: place, count: count, entries: entries, isAttached: !isAttached)
      case .cut(let place, let count, let run):
        if forwards { runs[run] = _core.cutRun(at: place, count: count) } else { _core.putRun(runs.removeValue(forKey: run)!, at: place) }
      case .put(let place, let count, let run):
        if forwards { _core.putRun(runs.removeValue(forKey: run)!, at: place) } else { runs[run] = _core.cutRun(at: place, count: count) }
      case .value(let key, let payload):
        guard _core.position(ofKey: key) != nil else {
          _failRequirement("Outline.History: a step names a node that is gone; was the history used with another outline?")
        }
        let slot = Int(UInt32(truncatingIfNeeded: key))
        swap(&_payloads[slot], &payloads[payload])
        _core.recordValueChange(ofSlot: UInt32(slot))
        if let filter = _filter { _core.rejudge(slot: UInt32(slot), answer: filter.answer(for: _payloads[slot].unsafelyUnwrapped)) }
      }
    }
  }
}
