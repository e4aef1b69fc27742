/* fatekit page bundle of sources b75b9b9daeeccff7f642b4b1df6af3f963a35aecb5b7343d557d90c099321073 */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j,P as k,Q as l,R as m}from"./chunk-4UL3ZZXX.js";export{a as app,i as errorText,f as notify,d as openSeat,j as pressed,g as redraw,h as ruleReason,c as seatExtras,b as seatView,m as send,l as showError,k as showErrorBeside,e as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
