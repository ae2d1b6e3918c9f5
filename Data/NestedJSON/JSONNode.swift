/// One value of a parsed JSON document, as ``JSONParser`` lays the document out: a flat
/// array of nodes in document order, each container followed by its contents.
///
/// An object's contents alternate a key (a string node) and that member's value. Strings and
/// numbers are not converted while parsing; a node records where their text is, and the
/// decoder converts only the values a type asks for.
struct JSONNode {
  /// The JSON type of a value, numbers split by whether they are written as integers.
  enum Kind: UInt8 {
    case null, `false`, `true`
    /// A number without fraction or exponent.
    case integer
    /// A number with a fraction or an exponent.
    case number
    case string, array, object
  }

  var kind: Kind
  /// Whether a string contains backslash escapes, so its text must be unescaped before use.
  var isEscaped = false
  /// Whether a string's bytes are all ASCII, so they need no UTF-8 validation.
  var isASCII = true
  /// The byte offset of a number, of a string's first character after the quote, or of a
  /// container's opening bracket.
  var offset: UInt32
  /// The byte length of a number or of a string's text; the number of elements or members
  /// of a container.
  var length: UInt32 = 0
  /// The index of the node after this value and everything inside it.
  var next: UInt32
  /// For an object, the key node to compare first on the next member lookup: members are
  /// usually asked for in document order, so this is normally the right one.
  var hint: UInt32 = 0

  /// Creates a node with nothing inside it.
  init(kind: Kind, offset: Int, next: Int) {
    self.kind = kind
    self.offset = UInt32(truncatingIfNeeded: offset)
    self.next = UInt32(truncatingIfNeeded: next)
  }

  /// Whether the node is an array or an object.
  var isContainer: Bool { kind == .array || kind == .object }

  /// The text range of a string or number.
  var range: Range<Int> { Int(offset)..<Int(offset) + Int(length) }

  /// An article and noun for the node's type, as error messages name it.
  var typeDescription: String {
    switch kind {
    case .null: "null"
    case .false, .true: "a Boolean"
    case .integer, .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
