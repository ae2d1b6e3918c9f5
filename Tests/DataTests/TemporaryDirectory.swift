import TestSupport

/// A fresh folder for one test's store files; it lives in TestSupport, shared with the
/// reliability tests.
typealias TemporaryDirectory = TestSupport.TemporaryDirectory
