import Foundation
import MoviesCLI

// The entry point only hands the command line, as the system passed it, to the app and exits
// with its status.
let argumentBytes = (1..<Int(CommandLine.argc)).map { index in
  CommandLine.unsafeArgv[index].map {
    Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map(UInt8.init(bitPattern:))
  } ?? []
}
exit(await MoviesApplication.run(argumentBytes: argumentBytes))
