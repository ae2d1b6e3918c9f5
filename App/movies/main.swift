import Foundation
import MoviesCLI

// The entry point only prepares the process, hands the command line and the environment, as the
// system passed them, to the app and exits with its status.
func bytes(_ text: UnsafeMutablePointer<CChar>) -> [UInt8] {
  Array(UnsafeBufferPointer(start: text, count: strlen(text))).map(UInt8.init(bitPattern:))
}
MoviesApplication.prepareProcess()
let argumentBytes = (1..<Int(CommandLine.argc)).map { CommandLine.unsafeArgv[$0].map(bytes) ?? [] }
var environmentBytes: [[UInt8]] = []
var entry = environ
while let text = entry.pointee {
  environmentBytes.append(bytes(text))
  entry += 1
}
exit(await MoviesApplication.run(argumentBytes: argumentBytes, environmentBytes: environmentBytes))
