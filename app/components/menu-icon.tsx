import {
  BarChart3,
  Calendar,
  ClipboardCheck,
  ClipboardList,
  CreditCard,
  FileText,
  GraduationCap,
  HeartHandshake,
  LayoutDashboard,
  MessageCircle,
  Settings,
  User,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";

const ICONS: Record<string, LucideIcon> = {
  "bar-chart-3": BarChart3,
  calendar: Calendar,
  "clipboard-check": ClipboardCheck,
  "clipboard-list": ClipboardList,
  "credit-card": CreditCard,
  "file-text": FileText,
  "graduation-cap": GraduationCap,
  "heart-handshake": HeartHandshake,
  "layout-dashboard": LayoutDashboard,
  "message-circle": MessageCircle,
  settings: Settings,
  user: User,
  users: Users,
  wallet: Wallet,
};

export function MenuIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? LayoutDashboard;
  return <Icon aria-hidden="true" className={className} />;
}
