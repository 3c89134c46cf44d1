import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.js';
import { isValidEmail } from '../../../../shared/rules/email.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { isApiError } from '../../../lib/request.js';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter.js';

/** Spec sections 5 and 8: newsletter signup with client validation and the three outcome toasts. */
export function NewsletterForm() {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const subscribe = useSubscribeNewsletter();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || !isValidEmail(value)) {
      toast.error('Invalid email', { description: 'Please enter a valid email address.' });
      return;
    }
    subscribe.mutate(
      { email: value },
      {
        onSuccess: (response) => {
          if (/already subscribed/i.test(response.message)) {
            toast('Already subscribed', { description: response.message });
            return;
          }
          toast.success('Subscribed successfully!');
          setEmail('');
        },
        onError: (error) => {
          toast.error('Failed to subscribe', {
            description: isApiError(error) && error.message ? error.message : 'Please try again later.',
          });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="w-full max-w-sm">
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
        Get the best new agents every week
      </label>
      <div className="mt-3 flex gap-2">
        <div className="relative flex-1">
          <Mail
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="pl-9"
          />
        </div>
        <Button type="submit" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
    </form>
  );
}
