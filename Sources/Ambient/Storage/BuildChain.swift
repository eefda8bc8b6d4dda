/// The default values being built further up the current call stack, outermost first.
///
/// A task-local, so that a value built on another thread waits for this one instead of being
/// mistaken for a cycle.
struct BuildChain: Sendable {
  struct Step: Sendable, Equatable {
    let cache: ObjectIdentifier
    let key: UInt
    let typeName: String

    static func == (lhs: Step, rhs: Step) -> Bool { lhs.cache == rhs.cache && lhs.key == rhs.key }
  }

  @TaskLocal static var current = BuildChain(steps: [])

  let steps: [Step]

  func contains(_ step: Step) -> Bool { steps.contains(step) }

  func appending(_ step: Step) -> BuildChain { BuildChain(steps: steps + [step]) }

  /// A cycle cannot produce a value: the value being asked for is the one under construction.
  /// It is reported first (so a test names the chain), then stops the process, because the
  /// alternatives are a hang or a stack overflow.
  static func reportCycle(_ chain: BuildChain, context: DependencyContext) -> Never {
    let message = IssueMessage.dependencyCycle(chain.steps.map(\.typeName), context: context)
    let site = ReadSite.current
    reportIssue(message.description, fileID: site?.fileID ?? #fileID, filePath: site?.filePath ?? #filePath,
                line: site?.line ?? #line, column: site?.column ?? #column)
    fatalError(message.description)
  }
}
