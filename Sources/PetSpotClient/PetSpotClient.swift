@_exported import PetSpotAPI
@_exported import PetSpotDomain

/// The seeds call the sex of an animal its gender; it is the domain's `AnimalSex`.
public typealias AnimalGender = AnimalSex

/// The seeds' names for the Missing Pet flow's types: seed 002 names the steps' view models after the
/// step, seeds 003 and 004 call the flow "Report Missing Pet". Each is the one type named here.
public typealias ReportMissingPetFlowState = MissingPetReportFlowState
/// Seed 003's test data names the Missing flow's state `ReportFlowState`.
public typealias ReportFlowState = MissingPetReportFlowState
public typealias ReportMissingPetCoordinator = MissingPetReportCoordinator
public typealias ChipNumberViewModel = MissingPetChipNumberViewModel
public typealias PhotoViewModel = PetPhotoViewModel
public typealias DescriptionViewModel = MissingPetAnimalDescriptionViewModel
public typealias ContactDetailsViewModel = MissingPetContactDetailsViewModel
public typealias SummaryViewModel = MissingPetSummaryViewModel

extension AnnouncementStatus {
    /// The reference app's name for MISSING, the Missing flow's status.
    public static var active: AnnouncementStatus { .missing }
}
