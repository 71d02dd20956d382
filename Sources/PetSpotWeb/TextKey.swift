import PetSpotRoutes

/// The key of every text the web shows, typed (as PetSpotClient's `StringKey`): a misspelt key does not
/// compile, and each case's English and Polish text is in `StringCatalog` (a test checks that every case
/// has both). Templates name the same keys as `{{t.key}}`; domain rules carry them as raw values.
public enum TextKey: String, CaseIterable, Sendable {
    case alertsNav, alertsTitle, alertsIntro, alertEmail, alertEmailHint, alertPlace, alertRadius, alertKinds
    case alertKindsBoth, alertKindsMissing, alertKindsFound, alertSpecies, alertFrequency, alertFrequencyInstant
    case alertFrequencyDaily, alertSubscribe, alertSave, alertUnsubscribeButton, alertCheckInboxTitle, alertCheckInboxBody
    case alertConfirmTitle, alertConfirmBody, alertConfirmButton, alertConfirmedTitle, alertConfirmedBody, alertManageTitle, alertSavedBody
    case alertUnsubscribedTitle, alertUnsubscribedBody, alertLinkInvalidTitle, alertLinkInvalidBody, alertWhereMissing
    case alertRadiusInvalid, alertKindsInvalid, alertSpeciesInvalid, alertFrequencyInvalid, alertLimited
    case alertsLinkFromList, mailAlertConfirmSubject, mailAlertConfirmBody, mailAlertConfirmIgnore, mailAlertConfirmLink
    case mailAlertChangedSubject, mailAlertChangedBody
    case mailAlertArea, mailAlertIntro, mailAlertDistance, mailAlertKm, mailAlertPhoto, mailAlertSee, mailAlertManage
    case mailAlertUnsubscribe, mailAlertWhy, mailDigestIntro, mailCheckInSubject
    case mailCheckInFoundSubject, mailCheckInBody, mailCheckInsBody, mailCheckInFoundBody, mailCheckInStale, mailCheckInStill
    case mailCheckInStillFound, mailCheckInReunited, mailCheckInOnce, checkInStillTitle, checkInStillButton
    case checkInReunitedTitle, checkInReunitedButton, checkInKeptTitle, checkInKeptBody, checkInReunitedDoneTitle
    case checkInReunitedDoneBody, checkInInvalidTitle, checkInInvalidBody, staleNotice, keepListed, keptListed
    case missingChipTitle, missingPhotoTitle, missingDescriptionTitle, missingContactTitle, foundPhotoTitle
    case foundDetailsTitle, foundContactTitle, chipHeading, chipDescription, chipLabel, photoHeading, photoHelper
    case foundPhotoBody, photoLabel, photoHint, photoCurrent, photoReplace, photoRemove, photoMandatory, photoChooseAgain, photoWrongType
    case photoTooLarge, photoTooManyPixels, descriptionHeading, descriptionSubheading, foundDetailsBody, dateLabel, dateFoundLabel
    case petNameLabel, petNamePlaceholder, speciesLabel, speciesPlaceholder, raceLabel, racePlaceholder, genderLabel
    case ageLabel, agePlaceholder, coordinatesLabel, latitudePlaceholder, longitudePlaceholder, requestGPS
    case descriptionLabel, descriptionPlaceholder, foundPetNameLabel, foundAgeLabel, collarLabel, collarPlaceholder
    case errorDate, errorDateFuture, errorSpecies, errorGender, errorAge, errorAgeNumber, errorLatitudeMissing
    case errorLongitudeMissing, errorCoordinateFormat, errorLatitudeRange, errorLongitudeRange, fixFields, fieldTooLong, contactHeading
    case contactSubtitle, phonePlaceholder, emailPlaceholder, errorPhone, errorPhoneTooLong, errorEmail, rewardLabel, rewardPlaceholder
    case visibilityLabel, visibilityRelayed, visibilityPublic, foundRewardLabel, phoneRequiredLabel, emailRequiredLabel
    case foundPrivateNote, caregiverLabel, caregiverPlaceholder, addressLabel, addressPlaceholder, submitFailed, reportLimited, chipTaken
    case chipKnown, seeKnownReport, mailHello, mailSignature, mailCodeSubject, mailCodeThanksMissing, mailCodeThanksFound
    case mailCodeLabel, mailCodeUse, mailCodeMatches, mailNotYou, mailCodeReplacedSubject, mailCodeReplaced, mailCodeReplacedNotYou, mailSeeReport,
        mailManageReport, mailMatchSubject
    case mailYourPetObject, mailYourPetSubject, mailMatchIntro, mailMatchChip, mailMatchSimilar, mailMatchPhoto, mailMatchFacts
    case mailPetName, mailSenderName, mailFoundOn, mailSeeMatch, mailMatchManage, mailBreed, mailRelaySubject, mailRelayIntro, mailRelayTrait
    case mailRelayMessage, mailRelayPhone, mailRelayMoney, privateCollar, privateTrait, mailRelayCheck
    case privateCaregiverPhone, privateAddress, mailDescription, createdTitle, createdParagraph1, createdParagraph2, createdNotMailed, createdAlreadySent,
        createdParagraph2NotMailed, foundCreatedManageNotMailed
    case createdLookAlikesTitle, createdLookAlikesHint, createdLookAlikesHintNoPhotos, codeCopied, copyCode, yourCode, viewReport, manageWithCode,
        foundCreatedBody, foundCreatedManage, chipLookupTitle, chipLookupFound, chipLookupMissing, chipLookupEurope, chipLookupAmerica,
        chipLookupUK,
        manageTitle, manageIntro, codeLabel
    case markReunited, removeReport, openReport, relayTitleOwner, relayTitleFinder, relayIntro, relayName, relayEmail
    case relayPhone, relayTrait, relayTraitHint, relayMessage, relaySend, relaySentTitle, relaySentBody, relayNameRequired, relayNameReserved
    case relayMessageShort, relayLimited, relayUnavailable, relayLinkOwner, relayLinkFinder, relayedContact, adviceTitle
    case adviceNeverPay, adviceNoCodes, advicePublicPlace, adviceAskDetail, reunitedHeadline, reunitedBody, shareTitle
    case flyerLink, shareTextLabel, shareCopy, shareCopied, shareNative, shareMissing, shareFound, shareReunited, shareAsk, shareAskFound
    case flyerMissing, flyerFound, flyerReunited, flyerCall, flyerCallFound, flyerMessageOwner, flyerMessageFinder, flyerScan, flyerStrips, flyerPrint,
        flyerBack, editReport
    case reopenReport, reopenedDone, privateTitle, privateIntro, editTitle, editIntro, saveChanges, editSaved
    case photoChangeTitle, savePhoto, photoSaved, photoAndEditSaved, grantExpired, matchesTitle, matchesNone, matchesNoneClosed, matchReasonChip
    case matchReasonSimilar, matchNote, codeRequired, codeWrong, codeLocked, reunitedDone, confirmReuniteTitle
    case confirmReuniteBody, confirmReuniteButton, confirmRemoveTitle, confirmRemoveBody, confirmRemoveButton
    case deletedTitle, deletedBody, sightingsTitle, sightingsNone, sightingAddLink, sightingFormTitle, sightingIntro
    case sightingWhen, sightingWhenHint, sightingWhere, sightingWhereNoMap, sightingNote, sightingNotePlaceholder, sightingPhoto
    case sightingEmail, sightingEmailHint, sightingSend, sightingThanks, sightingWhenInvalid, sightingWhenFuture
    case sightingWhenOld, sightingWhereMissing, sightingWhereInvalid, sightingNoteLong, sightingLimited, sightingSeenAt
    case sightingClosedTitle, sightingClosedBody
    case sightingMapLabel, sightingPhotoAlt, sightingHide, sightingShow, sightingHidden, sightingsOwnerIntro
    case mailSightingSubject, mailSightingOne, mailSightingCheck, mailSightingMoney, sightingScamWarning, localTime, mailSightingTimeline, mailSightingHide
    case mailFoundAgainSubject, mailFoundAgainBody, mailFoundAgainFooter, mailSeeTheReport, contactsWithheld
    case privateTraitLabel, privateTraitPlaceholder, privateTraitHint, navHome, navLostPets, navReportMissing
    case navReportFound, skipToContent, languageLabel, errorSummaryTitle, `continue`, `back`, `cancel`, cancelConfirm, `close`
    case statusMissing, statusFound, statusClosed, speciesDog, speciesCat, speciesBird, speciesRabbit, speciesOther
    case sexMale, sexFemale, sexUnknown, notFoundTitle, notFoundBody, forbiddenTitle, forbiddenBody, serverErrorTitle
    case serverErrorBody, storageFullTitle, storageFullBody, formTooLargeTitle, formTooLargeBody, backHome, heroTitle, heroIntro, recentReports, viewAll,
        emptyRecent, listEmpty, filterTitle,
        changeFilters
    case latitude, longitude, radius, placeLabel, placePlaceholder, placeHint, placeNotFound, placeMissing, placeStepHint, placeStepHintNoMap, placeAttribution
    case coordinatesInstead, statusFilter, statusAll, filterMissing, filterFound, speciesAll, sinceLabel, sinceAny, since7
    case since30, since90, showingNear, didYouMean, listEmptyFiltered, nearPlace, kmAway, useMyLocation, locationDenied
    case locationUnavailable, filterApply, filterClear, radiusInvalid, filterInvalid, nextPage, firstPage
    case photoNotAvailable, photoOf, detailsDate, contactOwner, contactFinder, detailsDateFound
    case detailsPetName, detailsChip, detailsSpecies, detailsRace, detailsSex, detailsAge, detailsPlace, detailsArea
    case aboutPoint, mapPickLabel, mapAreaLabel, mapZoomIn, mapZoomOut, detailsDescription, showOnMap, opensInNewTab, pagesLabel
    case reward, phoneLabel, emailLabel, manageLink
    case ownerLinkAsk, ownerLinkHint, ownerLinkSentTitle, ownerLinkSentBody, ownerLinkTitle, ownerLinkBody, ownerLinkButton
    case ownerLinkInvalidTitle, ownerLinkInvalidBody, mailOwnerLinkSubject, mailOwnerLinkBody, mailOwnerLinkOpen, mailOwnerLinkIgnore
    case flagLink, flagTitle, flagSightingTitle, flagIntro, flagReasonLabel, flagReasonScam, flagReasonOffensive, flagReasonSpam
    case flagReasonDuplicate, flagReasonPetHome, flagReasonOther, flagDetail, flagDuplicateOf, flagSend, flagThanksTitle, flagThanksBody
    case flagReasonMissing, flagDetailLong, flagDetailMissing, flagDuplicateMissing, flagDuplicateUnknown, flagLimited
    case messageFlagTitle, messageFlagBody, messageFlagButton, messageFlaggedTitle, messageFlaggedBody, mailRelayFlag
    case blockedTitle, blockedBody, underReviewTitle, underReviewBody, duplicateNotice, mailHeldSubject, mailHeldBody
    case mailHiddenSubject, mailHiddenBody, mailRemovedSubject, mailRemovedBody, mailDuplicateSubject, mailDuplicateBody
    case mailModerationReason, mailModerationReview
    case consoleTitle, consoleSignInTitle, consoleName, consolePassword, consoleCode, consoleSignIn, consoleSignInFailed, consoleLocked
    case consoleSignOut, consoleEnrolTitle, consoleEnrolIntro, consoleEnrolKey, consoleEnrolConfirm, consoleQueueTitle, consoleQueueEmpty
    case consoleItem, consoleFlags, consoleFlaggedSince, consoleState, consoleOpen, consoleKindReport, consoleKindSighting
    case consoleKindMessage, consoleStateVisible, consoleStateHeld, consoleStateHidden, consoleStateDuplicate, consoleNavLabel
    case consoleNavQueue, consoleNavBlocks, consoleNavAudit, consoleNavLookUp, consoleReasons, consoleClient, consoleDetail
    case consoleActions, consoleReason, consoleDismiss, consoleRestore, consoleHide, consoleDelete, consoleDuplicate, consoleDuplicateOf
    case consoleDecided, consoleBlockSender, consoleBlocksTitle, consoleBlockKind, consoleBlockEmail, consoleBlockNetwork
    case consoleBlockValue, consoleBlockDays, consoleBlockAdd, consoleBlockLift, consoleBlocksNone, consoleBlockUntil
    case consoleBlockForever, consoleBlockInvalid, consoleAuditTitle, consoleAuditCSV, consoleWhen, consoleWho, consoleWhat
    case consoleOlder, consoleQueuePrevious, consoleQueueNext, consoleLookUpTitle, consoleLookUpLabel, consoleLookUpButton, consoleLookUpNone, consoleSender
    case consoleMessageText, consoleGone, consoleSeeReport, consoleSamePhoto, consoleStateShown
    case mailMyReportsFooter, mailMyReportsSubject, mailMyReportsBody, mailMyReportsOpen, mailMyReportsIgnore, myReportsLink
    case myReportsTitle, myReportsIntro, myReportsEmail, myReportsSend, myReportsSentTitle, myReportsSentBody, myReportsLimited
    case myReportsOpenTitle, myReportsOpenBody, myReportsOpenButton, myReportsInvalidTitle, myReportsInvalidBody, myReportsListTitle
    case myReportsListIntro, myReportsNone, myReportsManage, myReportsReunite, myReportsNewCode, myReportsCodeTitle, myReportsCodeBody
    case myReportsWatchesTitle, myReportsWatchStop, myReportsSignOut, myReportsAlertsTitle, myReportsAlertManage, myReportsAlertUnsubscribe
    case myReportsWatchStopped, addEmailLabel, addEmailButton, addEmailDone, myReportsSeen, myReportsStatus
    case ownerMessagesTitle, ownerMessagesIntro, ownerUnderReview, ownerHidden
    case searchLabel, searchHint, sortLabel, sortRelevance, sortNewest
    case lifestyleLabel, lifestyleIndoor, lifestyleOutdoor, temperamentLabel, temperamentFriendly, temperamentShy
    case newToAreaLabel, answerYes, answerNo, answerNotSure, searchAnswersHint
    case planTitle, dayOfLoss, planIntro, planArea, planBasisStudy, planBasisJudgement, planAnswersTitle, planAnswersSave, planAnswersSaved
    case planSearchHome, planSearchDuskDawn, planAskNeighboursSheds, planSearchNeighbourhood, planDoNotChase, planFollowSightings
    case planCallShelters, planPrintFlyer, planFeedingStation, planHumaneTrap, planCheckChip, planKnockOnDoors, planTellVets
    case planCheckFoundListings, planRefreshReport, planAlertPreviousHome
    case planDoneSave, planDoneSaved, planDoneLabel, planPlacesTitle, planPlacesNone, planPlaceShelter, planPlaceVet, planPlaceHours
    case planPageTitle, planSeeReport, planStopMail, planStopMailTitle, planStopMailBody, planStoppedTitle, planStoppedBody
    case whereToLookTitle, whereToLookLikely, searchedTitle, searchedItem, searchedIntro, searchedAdd, searchedAdded, searchedRemove
    case searchedRadius, searchedOn, searchedLimit, searchedInvalid, searchedInvalidPoint, searchedInvalidDay
    case planLinkInvalidTitle, planLinkInvalidBody, mailPlanSubject, mailPlanIntro, mailPlanOpen, mailPlanStop, mailPlanWhy
    case appDescription, offlineMissingTitle, offlineFoundTitle, offlineIntro, offlineSend, offlineSaved, offlineWaiting
    case offlineWaitingIntro, offlineSent, offlineSentCode, offlineSentCodeKept, offlineSentCodeNoted, offlineSentCodeGone, offlineRetry, offlineFix,
        offlineProblem, offlineSeeReport
    case offlineDismiss, offlineStepNotSent, offlineDiscard, offlineGone, offlineNotFiled, offlineKeyReused, offlineReportGone, offlineNoLanguage
    case offlinePageSaved, offlineLink, offlineInstall, offlineSection, offlineNoScript, offlineSightingSent, offlineMessageSent
    case photoSearchLink, photoSearchTitle, photoSearchIntro, photoSearchPhotoLabel, photoSearchPhotoHint, photoSearchPlaceLabel
    case photoSearchPlaceHint, photoSearchRadiusLabel, photoSearchKindLabel, photoSearchKindMissing, photoSearchKindFound
    case photoSearchSubmit, photoSearchResults, photoSearchNone, photoSearchOffTitle, photoSearchOffBody, photoSearchNotKept
    case photoSearchPhotoMissing, photoSearchPhotoUnreadable, photoSearchPlaceMissing, photoSearchBusy, photoSearchTooMany
    case navHelp, helpTitle, helpIntro, helpSeenTitle, helpSeenBody, helpSeenLink, helpReportTitle, helpReportBody
    case helpCodeTitle, helpCodeBody, helpProblemTitle, helpProblemBody, helpSafetyTitle, helpSafetyBody
    case helpAlertsTitle, helpAlertsBody
}

/// Every text the pages show, in English and Polish (the iOS app's strings where it has one).
public struct Strings: Sendable {
    public let language: Language
    /// How the language writes a decimal: `2.5` in English, `2,5` in Polish.
    public var decimalMark: String { language == .pl ? "," : "." }
    /// `text` in the language's quotation marks (“black cat”, „czarny kot”), on one line: a stranger's line
    /// breaks cannot start lines of PetSpot's own.
    public func quoted(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return language == .pl ? "„\(line)”" : "“\(line)”"
    }
    /// Key → text in `language`, handed to the templates as `t`.
    public let table: [String: String]

    public init(_ language: Language) {
        self.language = language
        table = language == .en ? Self.english : Self.polish
    }

    /// Each language's table, made once (not per page).
    private static let english = Dictionary(uniqueKeysWithValues: StringCatalog.entries.map { ($0.key.rawValue, $0.value.en) })
    private static let polish = Dictionary(uniqueKeysWithValues: StringCatalog.entries.map { ($0.key.rawValue, $0.value.pl) })

    public subscript(_ key: TextKey) -> String { table[key.rawValue] ?? key.rawValue }

    /// The text of a key carried as a string (a domain rule's problem, a page's notice); the key itself
    /// when no text has it, which `StringKeyTests` keeps from happening.
    public func text(_ key: String) -> String { table[key] ?? key }
}
