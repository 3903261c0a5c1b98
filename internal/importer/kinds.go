package importer

// Kinds are the importers of every kind the provider manages. A new kind
// adds its importer here (the kind scaffold writes one);
// TestEveryKindImports fails for a kind of package/crds without.
var Kinds = []Kind{
	repositoryKind,
	teamKind,
	teamRepositoryKind,
	collaboratorKind,
	branchKind,
	branchProtectionKind,
	rulesetKind,
	deployKeyKind,
	repositoryFileKind,
	webhookKind,
	environmentKind,
	actionsSecretKind,
	dependabotSecretKind,
	actionsVariableKind,
	issueLabelKind,
	membershipKind,
	teamMembershipKind,
	organizationActionsSecretKind,
	organizationDependabotSecretKind,
	organizationActionsVariableKind,
	organizationWebhookKind,
	organizationSettingsKind,
	organizationRoleAssignmentKind,
	customPropertyKind,
	organizationRulesetKind,
	autolinkReferenceKind,
	actionsOIDCSubjectClaimKind,
	pagesSiteKind,
	actionsPermissionsKind,
	issueLabelsKind,
	collaboratorSetKind,
	codeScanningDefaultSetupKind,
}
