"""ESPnet2 package."""
