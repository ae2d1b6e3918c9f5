/// One JSON value that ``NestedJSONEncoder`` has started and not yet finished.
///
/// Frames form a stack from the top-level value inwards. Each has a serial number, which the
/// containers and encoders handed out for it carry, so that a write from a container whose
/// value was already finished is recognised.
struct NestedJSONEncoderFrame {
  /// What the value has become so far.
  enum State {
    /// Nothing yet; it becomes `{}` if it stays so.
    case empty
    /// An object, `{` written.
    case keyed
    /// An array, `[` written.
    case unkeyed
    /// A single value, fully written.
    case scalar
  }

  var state: State
  /// Whether a single-value container has filled the value; nothing more may be written to it.
  var isSealed = false
  let serial: UInt32
  /// Members or elements written so far.
  var count = 0
  /// The value's place in its parent: a member's key, or a ``NestedJSONKey`` holding an
  /// element's position.
  let key: any CodingKey

  /// Creates a frame for a value that has just been started.
  init(state: State, serial: UInt32, key: any CodingKey) {
    self.state = state
    self.serial = serial
    self.key = key
  }
}
