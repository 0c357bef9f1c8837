"""tourneysite: the results website that receives TourneyDesk sync."""
