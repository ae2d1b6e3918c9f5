import Catalog
import Foundation
import NestedJSON

/// A movie as the JSON objects commands print, written directly: keys sorted, pretty (two spaces
/// a level, `" : "` between a key and its value, an empty array as `[`, a blank line and `]`)
/// or compact, with the characters a terminal acts on escaped (``TerminalText/json(_:)``).
///
/// The bytes are those `JSONEncoder` and `JSONSerialization` wrote for the same values
/// (`MovieJSONTests` compares them): those took 40 µs (`list`) to 160 µs (`export`) a movie, most
/// of a listing's time, where this takes about one.
enum MovieJSON {
  /// Which fields an object holds.
  enum Fields {
    /// `list` and `show`: the number of images, and a runtime only when the movie has one.
    case listing
    /// `export`: the fields `import` reads; `runtime` is `null` when the movie has none.
    case transfer
  }

  /// The object for a movie; a pretty one starts at `indent` spaces (as an array's element
  /// does) and ends with its `}`, without a line break.
  static func object(_ movie: Movie, tags: [String], fields: Fields, pretty: Bool, indent: Int = 0) -> String {
    var object = Object(pretty: pretty, indent: indent)
    object.member("content") { $0.writeString(movie.content) }
    object.member("date") { $0.writeString(CatalogDate.iso8601(movie.date)) }
    object.member("heart") { $0.writeInteger(movie.heart) }
    object.member("id") { $0.writeString(UUIDText.lowercase(movie.id)) }
    if fields == .listing { object.member("imageCount") { $0.writeInteger(movie.images.count) } }
    object.member("rate") { $0.writeInteger(movie.rate) }
    if let runtime = movie.runtime {
      object.member("runtime") { $0.writeInteger(runtime) }
    } else if fields == .transfer {
      object.member("runtime") { $0.append("null") }
    }
    object.array("tags", tags)
    object.member("title") { $0.writeString(movie.title) }
    return TerminalText.json(object.finished())
  }

  /// A pretty array of elements written by ``object(_:tags:fields:pretty:indent:)`` at indent 2,
  /// ending with a line break; an empty one as `[`, a blank line and `]`.
  static func array(_ elements: [String]) -> String {
    elements.isEmpty ? "[\n\n]\n" : "[\n" + elements.joined(separator: ",\n") + "\n]\n"
  }

  /// An object being written, member by member, in the order given (the callers give sorted keys).
  private struct Object {
    private var writer = JSONWriter()
    private let pretty: Bool
    private let indent: Int
    private var members = 0

    init(pretty: Bool, indent: Int) {
      self.pretty = pretty
      self.indent = indent
      writer.bytes.reserveCapacity(256)
      spaces(indent)
      writer.append(UInt8(ascii: "{"))
    }

    mutating func member(_ key: StaticString, _ value: (inout JSONWriter) -> Void) {
      writer.append(members == 0 ? (pretty ? "\n" : "") : (pretty ? ",\n" : ","))
      members += 1
      spaces(indent + 2)
      writer.append(UInt8(ascii: "\""))
      writer.append(key)
      writer.append(pretty ? "\" : " : "\":")
      value(&writer)
    }

    mutating func array(_ key: StaticString, _ strings: [String]) {
      let pretty = pretty
      member(key) { writer in
        writer.append(UInt8(ascii: "["))
        guard !pretty else { return }
        for (position, string) in strings.enumerated() {
          if position > 0 { writer.append(UInt8(ascii: ",")) }
          writer.writeString(string)
        }
      }
      guard pretty else { return writer.append(UInt8(ascii: "]")) }
      writer.append(UInt8(ascii: "\n"))
      for (position, string) in strings.enumerated() {
        if position > 0 { writer.append(",\n") }
        spaces(indent + 4)
        writer.writeString(string)
      }
      writer.append(UInt8(ascii: "\n"))
      spaces(indent + 2)
      writer.append(UInt8(ascii: "]"))
    }

    consuming func finished() -> String {
      if pretty {
        writer.append(UInt8(ascii: "\n"))
        spaces(indent)
      }
      writer.append(UInt8(ascii: "}"))
      return String(decoding: writer.bytes, as: UTF8.self)
    }

    private mutating func spaces(_ count: Int) {
      guard pretty else { return }
      writer.bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }
  }
}
