import Foundation
import MoviesCLI

// The entry point only hands the command line to the app and exits with its status.
exit(await MoviesApplication.run(arguments: Array(CommandLine.arguments.dropFirst())))
