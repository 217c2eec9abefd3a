"""Training a CRM: the run (:mod:`crm.train.run`: build, fit, test, export), its plan of fixed work, the
LightningModule and its losses, the stages before the pair steps (the criteria reader, the quality
prior, the degenerate gate's fit) and the summary a run prints."""
