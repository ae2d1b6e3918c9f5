/// The text of each field of consecutive rows, where a field that holds the same value as in
/// the row before reuses its text: the rows of one transaction's changes share its token, time
/// and author, whose text (a date's above all) costs more to make than to compare.
struct RepeatedFields {
  private var previous: [(value: FieldValue, text: String)] = []

  /// The texts of a row's values, made by `text` where a value differs from the row before's.
  mutating func texts(of values: [FieldValue], _ text: (FieldValue) -> String) -> [String] {
    if previous.count != values.count { previous = values.map { ($0, text($0)) } }
    for (column, value) in values.enumerated() where previous[column].value != value {
      previous[column] = (value, text(value))
    }
    return previous.map(\.text)
  }
}
