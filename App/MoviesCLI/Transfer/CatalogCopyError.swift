import Persistence

/// Why `movies store copy` copied nothing, or failed and removed what it copied.
enum CatalogCopyError: Error, CustomStringConvertible {
  /// The destination already holds models (per model name, how many): a copy only fills an
  /// empty catalog.
  case destinationNotEmpty(String, holding: [(model: String, count: Int)])
  /// The destination is the source itself.
  case sameStore
  /// After the copy, one model's count or checksum, read back from the source or the
  /// destination, differs from what was copied.
  case mismatch(model: String, copied: ModelDigest, source: ModelDigest, destination: ModelDigest)
  /// The source's history moved on during the copy: another process changed it, so the copy
  /// may hold part of a change.
  case sourceChanged(String, from: HistoryToken, to: HistoryToken)
  /// A copy failed, and removing what it had written failed too.
  case notUndone(String, reason: any Error, after: any Error)

  var description: String {
    switch self {
    case .destinationNotEmpty(let name, let held):
      "the destination \(name) is not empty: it holds "
        + held.map { "\($0.model): \($0.count)" }.joined(separator: ", ")
        + "; copy into a new file or an empty database"
    case .sameStore: "the destination is the source catalog itself (--to names the --store)"
    case .mismatch(let model, let copied, let source, let destination):
      "the copy does not check out: \(model) copied \(copied), but now in the source \(source), "
        + "in the destination \(destination)"
    case .sourceChanged(let name, let from, let to):
      "\(name) changed during the copy (its history moved from token \(from) to \(to)); "
        + "nothing was copied: copy again when no other process writes it"
    case .notUndone(let name, _, let failure) where LostConnection.caused(failure):
      // The server that went away is why nothing could be removed; its words are detail.
      "\(LostConnection.line); removing what was copied from \(name) failed too: it holds part of the copy, "
        + "which every command refuses; remove it and copy again"
    case .notUndone(let name, let reason, let failure):
      "\(failure); removing what was copied from \(name) failed too (\(reason)): it holds part of the copy"
    }
  }
}
