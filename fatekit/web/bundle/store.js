/* fatekit page bundle of sources 09594fd4e7d5e7f0be99c649228cb2a2003f21d37acfd2ce7816df0cd2638dd0 */
import{G as a,H as b,I as c,J as d,K as e,L as f,M as g,N as h,O as i,P as j,Q as k,R as l,S as m,T as n}from"./chunk-ZYFGROFC.js";export{a as app,j as errorText,g as notify,e as openSeat,k as pressed,h as redraw,i as ruleReason,c as seatExtras,b as seatView,n as send,m as showError,l as showErrorBeside,f as subscribe,d as tablePreset};
//# sourceMappingURL=/web/bundle/store.js.map
