/// Makes text inert on a terminal: every character a terminal would act on instead of showing
/// is replaced by a visible escape, so that a title, a tag, a path or an error message can
/// neither move the cursor, change colours, set the window title, ring the bell, nor reorder
/// the text around it.
///
/// Escaped are the control characters (C0, DEL and C1, Unicode's category Cc), the line and
/// paragraph separators U+2028 and U+2029, and the bidirectional embeddings, overrides and
/// isolates (U+202A–U+202E, U+2066–U+2069), whose effect reaches past their own text until
/// something terminates them. They are shown as Swift writes them: `\t`, `\n`, `\r`, and
/// `\u{1B}` for the others. The bidirectional marks (U+200E, U+200F, U+061C) are kept: each acts
/// as one invisible letter of its direction, no more than a Hebrew or Latin letter does, and
/// right-to-left text needs them. A backslash is not escaped, so `\u{1B}` typed literally looks
/// the same as an escaped ESC; JSON output gives the exact value.
///
/// Every human-readable output passes through here (``Console`` does it for whatever it is
/// given); JSON output uses ``json(_:)`` instead, which keeps it exact.
enum TerminalText {
  /// Whether a terminal would act on a scalar rather than show it.
  static func isActive(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// The text with every active character escaped; with `keepingLineBreaks`, a line feed (or a
  /// carriage return and line feed) still ends a line, as in a movie's multi-line notes.
  static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
    guard needsEscaping(text, keepingLineBreaks: keepingLineBreaks) else { return text }
    // Built in a String, which grows in place: a scalar view's `append(contentsOf:)` copies the
    // whole text each time, which made long outputs quadratic.
    var result = ""
    result.reserveCapacity(text.utf8.count)
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      guard isActive(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      if keepingLineBreaks {
        if scalar == "\n" {
          result.unicodeScalars.append(scalar)
          continue
        }
        if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { continue }
      }
      result += escape(scalar)
    }
    return result
  }

  /// JSON text, exact, with the active characters that JSON allows raw inside strings (DEL, C1,
  /// the separators and the bidirectional controls) written as `\uXXXX` escapes instead, so that
  /// the same value reads back and nothing acts on a terminal.
  ///
  /// JSON encoders already escape C0 characters inside strings; outside strings JSON has only
  /// whitespace and punctuation, so every other active character is inside a string.
  static func json(_ json: String) -> String {
    guard needsEscaping(json, keepingLineBreaks: true) else { return json }
    var result = ""
    result.reserveCapacity(json.utf8.count)
    for scalar in json.unicodeScalars {
      if isActive(scalar), scalar.value > 0x1F {
        result += "\\u\(hex(scalar.value, digits: 4))"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// How a scalar is shown.
  private static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\t": "\\t"
    case "\n": "\\n"
    case "\r": "\\r"
    default: "\\u{\(hex(scalar.value, digits: 2))}"
    }
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// A fast look at the UTF-8 bytes, so that ordinary text costs one pass and no copy.
  private static func needsEscaping(_ text: String, keepingLineBreaks: Bool) -> Bool {
    if let found = text.utf8.withContiguousStorageIfAvailable({ holdsActive($0, keepingLineBreaks: keepingLineBreaks) })
    {
      return found
    }
    return Array(text.utf8).withUnsafeBufferPointer { holdsActive($0, keepingLineBreaks: keepingLineBreaks) }
  }

  /// Whether UTF-8 bytes hold an active character: a C0 control (but a line break, when kept),
  /// DEL, a C1 control (C2 80–C2 9F), U+2028–U+202E (E2 80 A8–AE) or U+2066–U+2069
  /// (E2 81 A6–A9). Printable ASCII, most of any text, is passed over with one comparison.
  private static func holdsActive(_ bytes: UnsafeBufferPointer<UInt8>, keepingLineBreaks: Bool) -> Bool {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte &- 0x20 < 0x5F { continue }
      switch byte {
      case 0x0A where keepingLineBreaks: continue
      case 0x00...0x1F, 0x7F: return true
      case 0xC2:
        if index < bytes.count, 0x80...0x9F ~= bytes[index] { return true }
      case 0xE2:
        guard index + 1 < bytes.count else { continue }
        switch (bytes[index], bytes[index + 1]) {
        case (0x80, 0xA8...0xAE), (0x81, 0xA6...0xA9): return true
        default: continue
        }
      default: continue
      }
    }
    return false
  }
}
