print("items: coming soon")
