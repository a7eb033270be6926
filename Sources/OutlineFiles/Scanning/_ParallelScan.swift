import Dispatch
import Foundation

/// A scan on every core: the root folder is read first (its entries and
/// their status), then its subfolders are scanned side by side, each by a
/// scanner of its own taking the next one as it finishes one, and the
/// trees they read are put together in the root's order.
///
/// `fstatat` dominates a scan, and the kernel answers it on every core at
/// once. The result is the tree one scanner reads, entry for entry: the
/// same entries in the same blocks, the same problems, and hard links
/// counted by the link a one-thread scan meets first (the root's entries,
/// then each subfolder's subtree in the root's order), so every folder's
/// total is the same.
enum _ParallelScan {
  /// Scans below the root with every core; nil when one scanner is the
  /// better choice (one core, a listing, or a refresh that enters chosen
  /// folders only).
  static func read(rootPath: String, request: _ScanRequest, control: _ScanControl?, cores: Int) -> Result<
    _ScanTree, any Error
  >? {
    guard cores > 1, request.depthLimit == Int.max, request.foldersToEnter == nil else { return nil }
    let started = _monotonicSeconds()
    // The root's own entries, read first, as one scanner reads them.
    var rootRequest = request
    rootRequest.depthLimit = 1
    let top: _ScanTree
    switch FileTree._read(
      rootPath: rootPath, components: [], request: rootRequest, control: control, part: 0, isPart: true)
    {
    case .failure(let error): return .failure(error)
    case .success(let tree): top = tree
    }
    let reader = top.nameReader
    let folders = (1 ..< top.entries.count).filter { index in
      let entry = top.entries[index]
      return entry.isFolder && entry._problemOperation == 0 && !entry._flags.contains(.otherFileSystem)
    }
    // The subfolders, side by side: each worker takes the next one.
    let results = _Results(count: folders.count)
    DispatchQueue.concurrentPerform(iterations: Swift.min(cores, Swift.max(1, folders.count))) { _ in
      while let k = results.take() {
        // A cancel is seen before each subfolder, as one scanner sees it
        // before each folder it enters.
        if control?.isCancelled == true {
          results.put(k, .failure(CancellationError()))
          continue
        }
        let name = Array(reader.bytes(top.entries[folders[k]]._name))
        var part = request
        part.rootDevice = top.device
        // The parts share the descriptors one scan may keep open.
        part.maximumOpenFolders = Swift.max(1, request.maximumOpenFolders / cores)
        part.relativePath = request.relativePath.isEmpty ? name : request.relativePath + [UInt8(ascii: "/")] + name
        let read = FileTree._read(
          rootPath: rootPath, components: [name], request: part, control: control, part: k + 1, isPart: true)
        if case .failure(_ as FileProblem) = read {
          // Not opened: the part never reported; its problem counts.
          var progress = FileScanProgress()
          progress.problems = 1
          _ = control?.report(progress, part: k + 1)
        }
        results.put(k, read)
      }
    }
    // Cancelled while the last parts ran: the scan ends cancelled.
    if control?.isCancelled == true { return .failure(CancellationError()) }
    var merged = _ScanMerge(top: top)
    for (k, index) in folders.enumerated() {
      switch results.result(k) {
      case .failure(let error as CancellationError): return .failure(error)
      case .failure(let problem as FileProblem): merged.setProblem(problem, at: index)
      case .failure(let error): return .failure(error)
      case .success(let tree): merged.graft(tree, at: index)
      }
    }
    var tree = merged.finish(computesTotals: request.computesTotals)
    tree.sort(by: request.ordering)
    control?.reportFinished(seconds: _monotonicSeconds() - started)
    return .success(tree)
  }

  /// The workers' results, by subfolder, and the next subfolder to take.
  private final class _Results: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var results: [Result<_ScanTree, any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    /// The next subfolder to scan, if any is left.
    func take() -> Int? {
      lock.withLock {
        guard next < results.count else { return nil }
        next += 1
        return next - 1
      }
    }

    func put(_ k: Int, _ result: Result<_ScanTree, any Error>) { lock.withLock { results[k] = result } }

    func result(_ k: Int) -> Result<_ScanTree, any Error> { lock.withLock { results[k]! } }
  }
}

/// The root's listing with its subfolders' trees grafted in: each
/// subtree's entries appended as its scanner laid them out (each folder's
/// entries one block), its names' chunks after the ones before, and its
/// hard links checked against the links counted before it.
struct _ScanMerge {
  private var tree: _ScanTree
  /// The multi-link files counted so far, in scan order.
  private var counted: Set<_InodeKey>
  /// The root folder's own size: its total less its entries' as listed.
  private let rootOwnSize: UInt64

  init(top: _ScanTree) {
    tree = top
    counted = Set(top.hardLinks.keys)
    var own = top.entries[0]._size
    if top.entries[0]._flags.contains(.total) && top.childCount[0] > 0 {
      let start = Int(top.firstChild[0])
      for child in start ..< start + Int(top.childCount[0]) { own &-= top.entries[child].countedSize }
    }
    rootOwnSize = own
  }

  /// A subfolder that could not be opened: not loaded, with the problem
  /// (expanding it tries again), as one scanner leaves it.
  mutating func setProblem(_ problem: FileProblem, at index: Int) {
    tree.entries[index].setProblem(problem)
    tree.entries[index].setLoadState(.notLoaded)
    tree.problems += 1
  }

  /// Puts the subtree scanned from root entry `index` in its place.
  mutating func graft(_ part: _ScanTree, at index: Int) {
    let chunkBase = tree.names.count
    tree.names += part.names
    let base = tree.entries.count - 1  // the part's entry j > 0 lands at base + j
    // Hard links the part counted that an earlier part (or the root's own
    // entries) counted first: not counted here, and taken off the totals
    // of the folders above them in the part.
    var recounted: [Int] = []
    var keysByName: [UInt64: _InodeKey] = [:]
    for (key, name) in part.hardLinks {
      if counted.contains(key) { keysByName[name] = key } else { counted.insert(key) }
    }
    var entries = part.entries
    if !keysByName.isEmpty {
      for j in 1 ..< entries.count where entries[j]._flags.contains(.countsHardLink) {
        if keysByName[entries[j]._name.raw] != nil { recounted.append(j) }
      }
      var parents = [Int](repeating: -1, count: entries.count)
      for j in entries.indices where part.childCount[j] > 0 {
        let start = Int(part.firstChild[j])
        for child in start ..< start + Int(part.childCount[j]) { parents[child] = j }
      }
      for j in recounted {
        let size = entries[j]._size
        entries[j]._flags.remove(.countsHardLink)
        entries[j]._flags.insert(.countedElsewhere)
        var above = parents[j]
        while above >= 0 {
          entries[above]._size &-= size
          above = parents[above]
        }
      }
    }
    // The part's root is the root's entry at `index`: its total, its
    // state; the name, hidden flag and place stay the listing's.
    let root = entries[0]
    tree.entries[index]._size = root._size
    tree.entries[index]._flags.formUnion(root._flags.intersection([.total, .loaded]))
    tree.entries[index]._problemOperation = root._problemOperation
    tree.entries[index]._problemCode = root._problemCode
    tree.firstChild[index] = part.childCount[0] > 0 ? UInt32(base + Int(part.firstChild[0])) : 0
    tree.childCount[index] = part.childCount[0]
    tree.entries.reserveCapacity(tree.entries.count + entries.count - 1)
    for j in 1 ..< entries.count {
      var entry = entries[j]
      entry._name = entry._name.shifted(by: chunkBase)
      tree.entries.append(entry)
      tree.firstChild.append(part.childCount[j] > 0 ? UInt32(base + Int(part.firstChild[j])) : 0)
      tree.childCount.append(part.childCount[j])
    }
    for (name, target) in part.targets {
      tree.targets[_NameRef(raw: name).shifted(by: chunkBase).raw] = _NameRef(raw: target).shifted(by: chunkBase).raw
    }
    for (key, name) in part.hardLinks where !keysByName.keys.contains(name) {
      tree.hardLinks[key] = _NameRef(raw: name).shifted(by: chunkBase).raw
    }
    tree.problems += part.problems
  }

  /// The merged tree, the root's total brought up to date.
  mutating func finish(computesTotals: Bool) -> _ScanTree {
    if computesTotals && tree.entries[0]._flags.contains(.total) {
      // The root's own size and its entries' counted sizes now.
      var total = rootOwnSize
      let start = Int(tree.firstChild[0])
      for child in start ..< start + Int(tree.childCount[0]) { total &+= tree.entries[child].countedSize }
      tree.entries[0]._size = total
    }
    return tree
  }
}
