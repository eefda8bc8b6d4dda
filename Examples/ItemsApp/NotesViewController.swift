import AmbientUI
import SwiftUI
import UIKit

/// The notes screen, in UIKit: it takes the store in its initialiser.
final class NotesViewController: UIViewController, UITextViewDelegate {
  private let item: Item
  private let database: Database
  private let textView = UITextView()

  init(item: Item, database: Database) {
    self.item = item
    self.database = database
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func loadView() {
    textView.text = database.note(item.id)
    textView.font = .preferredFont(forTextStyle: .body)
    textView.adjustsFontForContentSizeCategory = true
    textView.delegate = self
    view = textView
  }

  func textViewDidChange(_ textView: UITextView) {
    database.setNote(item.id, textView.text)
  }
}

/// Hosts the notes screen in SwiftUI. The SwiftUI environment's `dependencyScope` reaches the
/// controller's traits through the bridge, and `UIDependencyProvider` builds the screen from
/// the aggregate found there (or the red "not set" screen).
struct NotesScreen: UIViewControllerRepresentable {
  let item: Item

  func makeUIViewController(context: Context) -> NotesContainerController {
    NotesContainerController(item: item)
  }

  func updateUIViewController(_ controller: NotesContainerController, context: Context) {}
}

/// Builds its child once its traits are up to date, as `UIDependencyProvider` asks.
final class NotesContainerController: UIViewController {
  private let item: Item
  private var child: UIViewController?

  init(item: Item) {
    self.item = item
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func viewIsAppearing(_ animated: Bool) {
    super.viewIsAppearing(animated)
    guard child == nil else { return }
    let item = item
    let notes = UIDependencyProvider.makeViewController(for: self) { (deps: AppDependency) in
      NotesViewController(item: item, database: deps.database)
    }
    addChild(notes)
    notes.view.frame = view.bounds
    notes.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(notes.view)
    notes.didMove(toParent: self)
    child = notes
  }
}

/// The notes screen as the app reaches it: from UIKit, through the aggregate installed here.
@available(iOS 18.0, *)
#Preview(
  "Notes", traits: .dependency(AppDependency(apiClient: .preview, database: .inMemory(notes: ["1": "Oiled in May."])))
) {
  NotesScreen(item: Item.samples[0])
}

/// Nothing installed: the red "AppDependency is not set." screen, and the issue it reports.
@available(iOS 18.0, *)
#Preview("Notes, nothing installed", traits: .dependencies { _ in }) {
  NotesScreen(item: Item.samples[0])
}
