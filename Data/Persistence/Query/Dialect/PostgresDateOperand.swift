/// A PostgreSQL term that is a date column or a captured date, which compare as a range of the
/// column (see ``PostgresDateBound``).
enum PostgresDateOperand {
  /// A `timestamptz` column, quoted.
  case column(String)
  /// A captured date, as seconds since 2001.
  case value(Double)
}
