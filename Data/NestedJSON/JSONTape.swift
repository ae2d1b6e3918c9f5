/// The nodes of a parsed document, in storage that the decoder owns and reuses between
/// documents.
///
/// `Array.append` checks at run time that its buffer is not shared, which costs more than
/// parsing a small value; this storage is never shared, so it does not. It is a plain pointer:
/// copies of a tape share its nodes, and its owner must call ``deallocate()`` exactly once.
/// Indexing is bounds-checked, as an array's is.
struct JSONTape {
  private var nodes: UnsafeMutablePointer<JSONNode>
  private var capacity: Int
  /// The number of nodes.
  private(set) var count = 0

  /// Creates an empty tape with room for `capacity` nodes.
  init(capacity: Int = 64) {
    nodes = .allocate(capacity: capacity)
    self.capacity = capacity
  }

  /// Frees the nodes' storage; the tape must not be used afterwards.
  func deallocate() {
    nodes.deallocate()
  }

  /// Removes every node, keeping the storage.
  mutating func removeAll() {
    count = 0
  }

  /// Appends a node.
  @inline(__always)
  mutating func append(_ node: JSONNode) {
    if count == capacity { grow() }
    (nodes + count).initialize(to: node)
    count += 1
  }

  /// Moves the nodes to storage twice as large.
  private mutating func grow() {
    let larger = UnsafeMutablePointer<JSONNode>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: nodes, count: count)
    nodes.deallocate()
    nodes = larger
    capacity *= 2
  }

  /// The node at `index`, which must be less than ``count``.
  @inline(__always)
  subscript(index: Int) -> JSONNode {
    get {
      precondition(index >= 0 && index < count, "JSON tape index out of range")
      return nodes[index]
    }
    nonmutating set {
      precondition(index >= 0 && index < count, "JSON tape index out of range")
      nodes[index] = newValue
    }
  }
}
