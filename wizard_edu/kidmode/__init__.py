"""Kid mode: the games and trainers as Voila apps behind one landing page (``wizard-edu play``).

:mod:`~wizard_edu.kidmode.kidmode` starts it (the landing page, the class code on the board),
:mod:`~wizard_edu.kidmode.kidserver` is the Voila server it runs, and
:mod:`~wizard_edu.kidmode.kidtables` starts the class tables beside it (``--classroom``). The class
code is made and compared in :mod:`wizard_edu.online.classcode`, shared with the class table service.
"""
