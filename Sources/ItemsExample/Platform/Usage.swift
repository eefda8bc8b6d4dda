/// What `items --help` prints: every command, alias, option, environment variable and exit
/// status, so a script author needs nothing else.
enum Usage {
  static let text = """
    USAGE: items [OPTIONS] [COMMAND]

    Browse the item catalogue and keep favourites.

    COMMANDS:
      (none), list           List the items; ★ marks favourites.
      show ID                Show one item and whether it is a favourite.
      favorite ID [STATE]    Toggle the item's favourite state, or set it to STATE:
                             on, yes or true to make it a favourite; off, no or false not to
                             (any letter case). 'favourite' is the same command.
      help                   Show this help.

    OPTIONS (anywhere on the line; --name VALUE and --name=VALUE are the same):
      --store PATH           The favourites store. Default: $XDG_DATA_HOME/items/favorites.json,
                             else ~/.local/share/items/favorites.json (Application Support on
                             Apple). A symbolic link is followed; changes are locked against
                             other items processes through .favorites.json.lock beside it.
      --preview              Use preview values: sample items, favourites in memory, no file or
                             network access. Cannot be combined with --store.
      --timeout SECONDS      How long loading the catalogue from an http(s) URL may take, from
                             the request to the last byte. Default: 30; ITEMS_TIMEOUT sets it too.
      --max-size BYTES       The largest catalogue accepted (from a URL or a file), in bytes or
                             with K, M or G (500000, 800K, 16M). Default: 16M.
      --dependency-graph FORMAT
                             Run the command as usual, but print the dependencies it read
                             instead of its output, as FORMAT: mermaid, dot or text. A change
                             it makes (favorite) is still made; a failure prints only its error.
      -AmbientProfile NAME   Apply the launch profile NAME (see AMBIENT_PROFILE), as a UI test
                             passes it to an app; may repeat, applied after AMBIENT_PROFILE's.
      -h, --help             Show this help.

    ENVIRONMENT:
      ITEMS_API_URL          Load the catalogue from this http(s) or file URL instead of the one
                             shipped with the app (ignored with preview values).
      ITEMS_TIMEOUT          The catalogue timeout in seconds, when --timeout is not given.
      AMBIENT_CONTEXT        live or preview: which values dependencies default to (preview is
                             the same as --preview). test is refused: test values exist only
                             inside tests. SWIFT_DEPENDENCIES_CONTEXT is read when it is unset.
      AMBIENT_PROFILE        Launch profiles to apply over the values above, separated by
                             commas, in order: empty-catalogue (a catalogue with no items),
                             offline (loading the catalogue fails), no-favourites (favourites
                             in memory, starting with none). An unknown name is refused.
      XDG_DATA_HOME, HOME    Where the default store lives (see --store).
      ITEMS_WITHOUT_APP_DEPENDENCY=1
                             Do not install the app's dependencies, as a preview of one screen
                             would not: prints "AppDependency is not set." and exits with 1.

    EXIT STATUS:
      0  Success.
      1  The command failed: unknown item, unreadable or unwritable store, catalogue that cannot
         be loaded, is invalid, too large or too slow; or AppDependency is not set.
      2  The command line or environment is not understood (an unknown launch profile
         too); nothing was read or written.

    A load that takes more than a second says so on standard error when it is a terminal.
    """
}
