import RepositoryTesting

/// A fresh folder for one test's store files; it lives in the test kit, shared with the
/// reliability tests.
typealias TemporaryDirectory = RepositoryTesting.TemporaryDirectory
