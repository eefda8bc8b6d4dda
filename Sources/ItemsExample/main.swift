import Foundation

// Everything but the process's edges lives in CommandRunner, where tests can reach it.
if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
  let outcome = await CommandRunner.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment
  )
  if !outcome.output.isEmpty { print(outcome.output) }
  if !outcome.errorOutput.isEmpty {
    let line = outcome.isNotSetScreen
      ? NotSetScreen.paint(outcome.errorOutput, onTerminal: isatty(STDERR_FILENO) == 1)
      : outcome.errorOutput
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
  exit(outcome.status)
} else {
  FileHandle.standardError.write(Data("items: error: needs macOS 14, iOS 17, tvOS 17 or watchOS 10\n".utf8))
  exit(1)
}
