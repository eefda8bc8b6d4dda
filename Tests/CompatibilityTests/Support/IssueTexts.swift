import Ambient
import Testing

/// The texts of the issues `body` records, each accepted as a known issue (`body` must record one).
func issueTexts(_ body: () -> Void) -> [String] {
  let texts = LockIsolated<[String]>([])
  withKnownIssue {
    body()
  } matching: { issue in
    texts.withValue { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return texts.value
}

/// The texts of the issues asynchronous `body` records; see the synchronous form.
func issueTexts(isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void) async -> [String] {
  let texts = LockIsolated<[String]>([])
  await withKnownIssue {
    await body()
  } matching: { issue in
    texts.withValue { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return texts.value
}
