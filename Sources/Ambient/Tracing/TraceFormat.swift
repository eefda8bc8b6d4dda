import Foundation

/// The three renderings of a ``DependencyTrace``: one node per key, labelled with how the code
/// wrote it and where its values came from; an edge from the operation to each key it read
/// itself, and from each value to what it read while it was built.
enum TraceFormat {
  /// One key of the graph: its reads merged.
  struct Node {
    let key: String
    let dependency: String
    /// `test, override` or `live, default`; several when one key was read more than one way.
    let origins: [String]
    let isReadDirectly: Bool
  }

  static func nodes(_ trace: DependencyTrace) -> [Node] {
    var order: [String] = []
    var byKey: [String: (dependency: String, origins: [String], direct: Bool)] = [:]
    for read in trace.reads {
      let origin = "\(read.context), \(read.source)"
      if var node = byKey[read.key] {
        if !node.origins.contains(origin) { node.origins.append(origin) }
        node.direct = node.direct || read.isReadDirectly
        byKey[read.key] = node
      } else {
        order.append(read.key)
        byKey[read.key] = (read.dependency, [origin], read.isReadDirectly)
      }
    }
    return order.map { key in
      let node = byKey[key]!
      return Node(key: key, dependency: node.dependency, origins: node.origins, isReadDirectly: node.direct)
    }
  }

  static func text(_ trace: DependencyTrace) -> String {
    guard !trace.reads.isEmpty else { return "No dependencies read." }
    let count = trace.reads.count
    var lines = ["\(count) \(count == 1 ? "dependency" : "dependencies") read:"]
    let widths = (
      trace.reads.map(\.dependency.count).max() ?? 0,
      trace.reads.map(\.context.rawValue.count).max() ?? 0,
      trace.reads.map(\.source.rawValue.count).max() ?? 0
    )
    for read in trace.reads {
      var line = "  " + padded(read.dependency, widths.0) + "  " + padded(read.context.rawValue, widths.1)
      line += "  " + padded(read.source.rawValue, widths.2)
      if !read.sites.isEmpty { line += "  " + read.sites.joined(separator: ", ") }
      if !read.isReadDirectly { line += "  (only while building another value)" }
      if read.isReadOnlyWhileUpdating { line += "  (only while changing values)" }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    if !trace.edges.isEmpty {
      lines.append("Built from:")
      let names = Dictionary(trace.reads.map { ($0.key, $0.dependency) }, uniquingKeysWith: { first, _ in first })
      for edge in trace.edges {
        let rebuilt = edge.isRebuiltForScope ? " (rebuilt for its scope)" : ""
        lines.append("  \(names[edge.from] ?? edge.from)\(rebuilt) read \(names[edge.to] ?? edge.to)")
      }
    }
    return lines.joined(separator: "\n")
  }

  static func mermaid(_ trace: DependencyTrace, root: String) -> String {
    let nodes = nodes(trace)
    let ids = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.key, "d\($0)") })
    var lines = ["flowchart LR", "  root[\"\(mermaidText(root))\"]"]
    for node in nodes {
      let label = mermaidText(node.dependency) + "<br/>" + node.origins.map(mermaidText).joined(separator: "<br/>")
      lines.append("  \(ids[node.key]!)[\"\(label)\"]")
    }
    for node in nodes where node.isReadDirectly { lines.append("  root --> \(ids[node.key]!)") }
    for edge in trace.edges {
      guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
      lines.append(edge.isRebuiltForScope ? "  \(from) -. rebuilt for its scope .-> \(to)" : "  \(from) --> \(to)")
    }
    return lines.joined(separator: "\n")
  }

  static func dot(_ trace: DependencyTrace, root: String) -> String {
    let nodes = nodes(trace)
    var lines = ["digraph dependencies {", "  rankdir=LR;", "  node [shape=box];"]
    lines.append("  \"root\" [label=\"\(dotText(root))\", shape=ellipse];")
    for node in nodes {
      let label = ([node.dependency] + node.origins).map(dotText).joined(separator: "\\n")
      lines.append("  \"\(dotText(node.key))\" [label=\"\(label)\"];")
    }
    for node in nodes where node.isReadDirectly { lines.append("  \"root\" -> \"\(dotText(node.key))\";") }
    for edge in trace.edges {
      let style = edge.isRebuiltForScope ? " [style=dashed, label=\"rebuilt for its scope\"]" : ""
      lines.append("  \"\(dotText(edge.from))\" -> \"\(dotText(edge.to))\"\(style);")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  /// Text inside a quoted Mermaid label: quotes and angle brackets as entities.
  private static func mermaidText(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(of: "<", with: "#lt;")
      .replacingOccurrences(of: ">", with: "#gt;")
  }

  /// Text inside a quoted DOT string: backslashes and quotes escaped.
  private static func dotText(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }
}
