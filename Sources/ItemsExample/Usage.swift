/// What `items --help` prints.
enum Usage {
  static let text = """
    USAGE: items [--preview] [--store PATH] [COMMAND]

    Browse the item catalogue and keep favourites.

    COMMANDS:
      (none), list           List the items; ★ marks favourites.
      show ID                Show one item and whether it is a favourite.
      favorite ID [on|off]   Toggle the item's favourite state, or set it with on/off.
      help                   Show this help.

    OPTIONS:
      --store PATH   The favourites store. Default: $XDG_DATA_HOME/items/favorites.json,
                     else ~/.local/share/items/favorites.json (Application Support on Apple).
      --preview      Use preview values: sample items, favourites in memory, no file or
                     network access. AMBIENT_CONTEXT=preview does the same.
      -h, --help     Show this help.

    ENVIRONMENT:
      ITEMS_API_URL    Load the catalogue from this http(s) or file URL instead of the one
                       shipped with the app (ignored with preview values).
      AMBIENT_CONTEXT  live, preview or test: which values dependencies default to.
      ITEMS_WITHOUT_APP_DEPENDENCY=1
                       Do not install the app's dependencies, as a preview of one screen
                       would not: prints "AppDependency is not set." and exits with 1.
    """
}
