"""The teacher's live view of the class (issue 31): pupils' checks, hints, shown answers and trainer
levels reach the class table service as they happen (docs/online.md, "The live view").

* :mod:`.events`: what an event is (the schema, checked on the service's side).
* :mod:`.sender`: the pupil's side, in the kernel: a queue, a thread, an outbox file for retries.
* :mod:`.board`: the service's side: passes, the event store (idempotent, through the writer), the view.
* :mod:`.view`: the aggregation the teacher's page shows (stuck marks, per-question counts).
* :mod:`.handlers`: the HTTP handlers (made on the service's own base handler).
"""
