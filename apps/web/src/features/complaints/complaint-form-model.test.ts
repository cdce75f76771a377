import { describe, expect, it } from 'vitest';
import {
  type ComplaintFormValues,
  EMPTY_COMPLAINT_FORM,
  formFieldOfPath,
  toComplaintRequest,
  validateComplaintForm,
} from './complaint-form-model';

const filled: ComplaintFormValues = {
  ...EMPTY_COMPLAINT_FORM,
  county_id: '26',
  uat_id: '114319',
  complaint_type_id: '3',
  address: ' Str. Trandafirilor nr. 3 ',
  description: 'Stâlpul de iluminat din fața blocului nu funcționează.',
  contact_name: 'Ana Pop',
  contact_email: 'ana@exemplu.ro',
  photos: [{ file_id: 11, name: 'poza.png', type: 'image/png', size: 70 }],
};

describe('complaint form', () => {
  it('asks for the place, type, address, description and contact name', () => {
    expect(validateComplaintForm(EMPTY_COMPLAINT_FORM)).toEqual({
      county_id: 'Acest câmp este obligatoriu',
      uat_id: 'Alegeți unitatea administrativ-teritorială.',
      complaint_type_id: 'Alegeți tipul sesizării.',
      address: 'Acest câmp este obligatoriu',
      description: 'Acest câmp este obligatoriu',
      contact_name: 'Acest câmp este obligatoriu',
      contact_phone: 'Introduceți un telefon sau o adresă de e-mail de contact.',
    });
  });

  it('checks the phone and e-mail only when given, and a too short description', () => {
    expect(validateComplaintForm({ ...filled, contact_phone: '12', contact_email: 'ana@', description: 'scurt' })).toEqual({
      contact_phone: 'Numărul de telefon nu este valid.',
      contact_email: 'Adresa de e-mail nu este validă.',
      description: 'Textul trebuie să aibă cel puțin 10 caractere',
    });
    expect(validateComplaintForm({ ...filled, contact_phone: '0722123456', contact_email: 'ana@exemplu.ro' })).toEqual({});
  });

  it('sends trimmed texts, nulls for empty optional fields and the file ids', () => {
    expect(toComplaintRequest(filled)).toEqual({
      complaint_type_id: 3,
      uat_id: 114319,
      locality_id: null,
      address: 'Str. Trandafirilor nr. 3',
      address_details: null,
      description: 'Stâlpul de iluminat din fața blocului nu funcționează.',
      contact_name: 'Ana Pop',
      contact_phone: null,
      contact_email: 'ana@exemplu.ro',
      photo_file_ids: [11],
      document_file_ids: [],
    });
  });

  it('maps server field paths to the form fields', () => {
    expect(formFieldOfPath('photo_file_ids.0')).toBe('photos');
    expect(formFieldOfPath('document_file_ids')).toBe('documents');
    expect(formFieldOfPath('address')).toBe('address');
    expect(formFieldOfPath('location.lat')).toBeNull();
  });
});
