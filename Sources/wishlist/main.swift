import Foundation

exit(await CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
