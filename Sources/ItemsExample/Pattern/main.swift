import Foundation

StandardStream.prepareProcess()
// Everything but the process's edges lives in CommandRunner, where tests can reach it.
if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
  let outcome = await CommandRunner.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment
  )
  exit(outcome.emit())
} else {
  try? StandardStream.error.write("items: error: needs macOS 14, iOS 17, tvOS 17 or watchOS 10\n")
  exit(1)
}
