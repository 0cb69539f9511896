"""A round followed as it is played: events (:mod:`.events`), the state they lead to (:mod:`.state`),
the advice for each state (:mod:`.advice`, the one adapter to the analysis), the review of every
own throw (:mod:`.review`) and the JSON documents (:mod:`.documents`).

Storage is :mod:`okeytool.ledger.rounds`, in the ledger's SQLite file.
"""
