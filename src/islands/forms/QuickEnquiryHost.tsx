/**
 * Quick Enquiry from a search card: the vehicle enquiry form (LeadForm, same settings as the vehicle
 * page) in a native <dialog>. Hydrated only when a shopper clicks Quick Enquiry (QuickEnquiry.astro
 * keeps the clicked car in window.dealerQuickEnquiry and wakes this island).
 */
import { useEffect, useRef, useState } from 'react';
import LeadForm from './LeadForm.tsx';
import { quickEnquiryProps, vehicleEnquiryForm, type QuickEnquiryCar, type VehicleEnquirySettings } from '../../lib/forms/vehicle-enquiry.ts';

declare global {
  interface Window {
    dealerQuickEnquiry?: string | undefined;
  }
}

export const QUICK_ENQUIRY_EVENT = 'dealer:quick-enquiry';

function takePending(): QuickEnquiryCar | undefined {
  const json = window.dealerQuickEnquiry;
  window.dealerQuickEnquiry = undefined;
  try {
    return json ? (JSON.parse(json) as QuickEnquiryCar) : undefined;
  } catch {
    return undefined;
  }
}

export default function QuickEnquiryHost({ settings }: { settings: VehicleEnquirySettings }) {
  const [car, setCar] = useState<QuickEnquiryCar | undefined>();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const open = () => {
      const next = takePending();
      if (next) setCar(next);
    };
    open();
    document.addEventListener(QUICK_ENQUIRY_EVENT, open);
    return () => document.removeEventListener(QUICK_ENQUIRY_EVENT, open);
  }, []);
  useEffect(() => {
    if (car && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [car]);
  const props = car ? quickEnquiryProps(car) : undefined;
  return (
    <dialog ref={dialog} className="qe-dialog" aria-labelledby="qe-title">
      {car && props && (
        <>
          <div className="qe-head">
            <h2 id="qe-title">Enquire about the {car.name}</h2>
            <form method="dialog">
              <button className="btn btn-small btn-outline">Close</button>
            </form>
          </div>
          {/* key: a different car starts a fresh form. */}
          <LeadForm key={car.id} id="quick-enquiry-form" {...settings} {...vehicleEnquiryForm(true)} car={props.car} hidden={props.hidden} />
        </>
      )}
    </dialog>
  );
}
