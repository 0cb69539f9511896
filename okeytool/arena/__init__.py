"""The arena: policies play whole rounds against each other on duplicate deals (each deal played four
times, the challenger in seat 0, 1, 2 and 3 in turn and the champion in the other three seats); the
games are summarised with intervals that treat the four games of a deal as one cluster, beside a
calibration picture of the win chances the challenger's model gave its moves.
"""
