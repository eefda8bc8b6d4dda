/// Every diagnostic Ambient prints, made by one formatter so that they read alike:
/// a headline naming the dependency and context, the facts (where, which key, which type),
/// one sentence of why it matters, and "To fix:" with concrete options.
struct IssueMessage: CustomStringConvertible, Sendable {
  var headline: String
  var facts: [(label: String, value: String)] = []
  var why: String?
  var fixes: [String] = []

  var description: String {
    var lines = [headline]
    if !facts.isEmpty {
      lines.append("")
      let width = facts.map(\.label.count).max() ?? 0
      for fact in facts {
        let padding = String(repeating: " ", count: width - fact.label.count)
        lines.append("  \(fact.label):\(padding) \(fact.value)")
      }
    }
    if let why {
      lines.append("")
      lines.append(why)
    }
    if !fixes.isEmpty {
      lines.append("")
      lines.append("To fix:")
      lines.append(contentsOf: fixes.map { "  • \($0)" })
    }
    return lines.joined(separator: "\n")
  }

  enum MissingValue: Sendable {
    case noTestValue, noLiveValue
  }

  static func missingValue(
    _ kind: MissingValue, dependency: String, keyType: String, valueType: String, site: ReadSite?
  ) -> IssueMessage {
    var facts: [(label: String, value: String)] = []
    if let site { facts.append(("Declared at", site.location)) }
    facts.append(("Key", keyType))
    facts.append(("Value", valueType))
    switch kind {
    case .noTestValue:
      return IssueMessage(
        headline: "@Dependency(\(dependency)) has no test implementation, but was read in the test context.",
        facts: facts,
        why:
          "A test that reaches a live value can touch the network, the disk or the clock, so Ambient fails the test instead of letting it pass by luck. This read used the preview value, which defaults to the live value.",
        fixes: [
          overrideFix(dependency),
          "Or give \(keyType) a `testValue`, for example one whose endpoints are `unimplemented(…)`.",
        ]
      )
    case .noLiveValue:
      return IssueMessage(
        headline: "@Dependency(\(dependency)) has no live implementation, but was read in the live context.",
        facts: facts,
        why: "\(keyType) conforms only to TestDependencyKey, so the app is running on its test value.",
        fixes: [
          "Conform \(keyType) to DependencyKey with a `liveValue` in the module that builds the app.",
          "Or set it once at the app's entry point with prepareDependencies { … }.",
        ]
      )
    }
  }

  /// The fix line that tells a test how to override `dependency`, the same in every message:
  /// "Override it for this test: .dependency(\.x, value) on the test, or withDependencies { $0.x = value }."
  static func overrideFix(_ dependency: String, with value: String = "…") -> String {
    "Override it for this test: \(overrideOptions(dependency, with: value))."
  }

  /// The ways to give a test `value` for `dependency` (a key path such as `\.uuid`, or a key
  /// such as `APIClient.self`): the trait and `withDependencies` for a key path, and the
  /// subscript for a key, which no trait takes.
  static func overrideOptions(_ dependency: String, with value: String = "…") -> String {
    guard dependency.hasPrefix("\\.") else { return "withDependencies { $0[\(dependency)] = \(value) }" }
    return
      ".dependency(\(dependency), \(value)) on the test, or withDependencies { $0\(dependency.dropFirst()) = \(value) }"
  }

  static func dependencyCycle(_ chain: [String], context: DependencyContext) -> IssueMessage {
    IssueMessage(
      headline: "Dependency cycle while building \(context.rawValue) values: \(chain.joined(separator: " → ")).",
      why: "Each of these default values reads the next one while it is being built, so none of them can ever finish.",
      fixes: [
        "Read the dependency inside an endpoint closure instead of while building the value, so it is resolved when called.",
        "Or split the shared part into a dependency of its own that both can read.",
      ]
    )
  }

  static func invalidContext(variable: String, value: String) -> IssueMessage {
    IssueMessage(
      headline: "\(variable)=\"\(value)\" is not a dependency context; it is ignored.",
      facts: [("Accepted", DependencyContext.allCases.map(\.rawValue).joined(separator: ", "))],
      fixes: ["Set \(variable) to one of the accepted values, or unset it to let Ambient detect the context."]
    )
  }

  static var missingTestSupport: IssueMessage {
    IssueMessage(
      headline:
        "Ambient: this test process does not link AmbientTesting, so every test shares one set of default dependency values.",
      why:
        "Without it, Ambient cannot tell when one test ends and the next begins, and cannot record failures in Swift Testing.",
      fixes: [#"Add .product(name: "AmbientTesting", package: "Ambient") to the dependencies of your test target."#]
    )
  }
}

extension IssueMessage {
  static func nothingToInherit(modelType: String) -> IssueMessage {
    IssueMessage(
      headline:
        "withDependencies(from:) was given a \(modelType), which holds no @Dependency properties and was not returned by a withDependencies operation, so there are no captured dependencies to inherit.",
      why: "The child is created with the current scope's dependencies instead of its parent's overrides.",
      fixes: [
        "Declare the dependencies \(modelType) uses with @Dependency, so that it captures them when created.",
        "Or create the \(modelType) as what withDependencies { … } operation: { … } returns, which remembers its scope.",
        "Or pass the parent that does hold them.",
      ]
    )
  }
}
