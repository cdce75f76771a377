export { Wizard, type WizardProps, type WizardStep } from './wizard';
export { stepPosition, stepState, type WizardStepPosition, type WizardStepState } from './wizard-steps';
