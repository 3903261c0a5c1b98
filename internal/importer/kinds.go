package importer

// Kinds are the importers of every kind the provider manages, in the
// order their files list them. A new kind adds its importer here (the kind
// scaffold writes one); TestEveryKindImports fails for a kind without.
var Kinds = []Kind{
	repositoryKind,
	teamKind,
	issueLabelKind,
}
