import Ambient

/// How `--dependency-graph FORMAT` prints what a command read: one of the renderings of
/// Ambient's `DependencyTrace`.
enum DependencyGraphFormat: String, CaseIterable, Sendable {
  /// A Mermaid flowchart, which GitHub draws in a ```` ```mermaid ```` block.
  case mermaid
  /// A Graphviz digraph, for `dot -Tsvg`.
  case dot
  /// A line a dependency, for reading at a terminal.
  case text

  /// What a bad value is told it is not, after `--dependency-graph 'VALUE' is not `.
  static let expected = "mermaid, dot or text"

  /// `trace` in this format, with `root` (such as `items list`) as the command's node.
  func render(_ trace: DependencyTrace, root: String) -> String {
    switch self {
    case .mermaid: trace.mermaid(root: root)
    case .dot: trace.dot(root: root)
    // The text names no root: it is the command the user just ran.
    case .text: trace.description
    }
  }
}
