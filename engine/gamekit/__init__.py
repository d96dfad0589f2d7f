"""What a game folder builds on (`engine/games/<game>/` imports these, the registry imports the games):
`base` (Game, Option, BoardSpec, the Rules protocol, layout helpers) and `facts` (Facts, Figure: what
the docs, the report and the tests read beside the rules). Kept outside engine/games/ so the folders'
imports go one way: the registry -> each game -> this kit, never back up."""
