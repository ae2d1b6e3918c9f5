public import Foundation

extension UUID {
  /// Creates the fixed identifier `00000000-0000-0000-0000-0000000000NN`, where NN is `number`.
  ///
  /// <!-- snippet context: kit -->
  /// ```swift
  /// let text = UUID(fixture: 1).uuidString  // "00000000-0000-0000-0000-000000000001"
  /// ```
  public init(fixture number: UInt8) {
    self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, number))
  }
}
